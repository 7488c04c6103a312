import type { ToolCall } from '../../sim/model/tools.ts';
import type { TraitArgument } from '../../sim/model/traits.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { Perception } from '../perception.ts';

/**
 * A brain's call, with, for a risky one, an argument that one of its traits fits (only the
 * language-model brain argues). The argument travels beside the call, never in it: the call is
 * judged as it is, and the argument goes the way of a player's (sim/tick/argues.ts).
 */
export type Decided = ToolCall & { argue?: TraitArgument };

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
  decide(cat: Catalog, p: Perception, seed: number): Decided | null | Promise<Decided | null>;
}
