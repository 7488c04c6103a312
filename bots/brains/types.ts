import type { ToolCall } from '../../sim/model/tools.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { Perception } from '../perception.ts';

/**
 * A brain turns a perception into at most one tool call. Its output is a proposal, parsed and
 * judged like any other: a brain cannot change the world by itself.
 */
export interface Brain {
  readonly name: string;
  /**
   * Deterministic code of this project, typed at compile time: its calls skip the zod parse (the
   * Judge still checks everything). A language model's brain is never trusted.
   */
  readonly trusted?: boolean;
  decide(cat: Catalog, p: Perception, seed: number): ToolCall | null | Promise<ToolCall | null>;
}
