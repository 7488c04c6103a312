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
 * One bot's decision as its brain saw it, for the opt-in decision log (`run --decisions FILE`): the
 * call it proposed (null: none), and, from the policy brain, its best-scored options (seeded noise
 * included, best first), or, from the model brain, the reason the model gave (untrusted text, capped).
 */
export interface DecisionNote {
  tick: number;
  actor: string;
  brain: string;
  call: ToolCall | null;
  options?: { call: ToolCall; strategy: string; score: number }[];
  why?: string;
}

/** Where a brain reports its decisions; it must not throw, and must not change what the brain decides. */
export type DecisionSink = (note: DecisionNote) => void;

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
