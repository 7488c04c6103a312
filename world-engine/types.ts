import type { Check } from '../sim/model/check.ts';
import type { Consequence } from '../sim/model/consequence.ts';
import type { Reason } from '../sim/model/events.ts';
import type { EntityState, FactState } from '../sim/model/events.ts';
import type { ToolCall } from '../sim/model/tools.ts';
import type { Catalog } from '../sim/scenario/catalog.ts';
import type { ActorState } from '../sim/state/types.ts';

/**
 * What a World Engine sees of the world for one call: the actor, its place and whatever the call
 * touches. Plain data, so it can travel to a worker process.
 */
export interface Slice {
  tick: number;
  seed: number;
  actor: ActorState;
  place: { id: string; mood: number; present: number };
  /** the call's target, when it names one */
  target: { kind: 'actor'; actor: ActorState } | { kind: 'entity'; entity: EntityState } | null;
  /** the things at the place the actor notices */
  entitiesHere: EntityState[];
  /** facts the actor knows, newest last (a handful) */
  known: FactState[];
  /** a few people who would hear the actor here (or, for a `friends` channel, its friends anywhere) */
  listeners: ActorState[];
  /** for a move: what the trip costs by the scenario's rules (null if there is no way there) */
  travel: { money: number; energy: number; ticks: number; tolls?: { owner: string; amount: number; entity: string }[] } | null;
  /** for work at a job its employer pays (no declared source): the employer and what they hold */
  employer?: { id: string; money: number } | null;
  /** for a call on someone who hires: whether their crew has room as the tick starts (the Judge refuses a hire into a full one) */
  vacancy?: boolean;
  /** a risky call's check, rolled as the Judge will roll it: the engine proposes for this band */
  check?: Check | null;
  /** researchers' interventions in force (sim/state/overrides.ts): the place is closed; prices of items and wages of jobs that differ from the pack's */
  closed?: true;
  prices?: Record<string, number>;
  wages?: Record<string, number>;
}

export interface WorldEngine {
  readonly name: string;
  /** as Brain.trusted: the rule engine's output is typed; a language model's is parsed */
  readonly trusted?: boolean;
  /**
   * Propose consequences; may be wrong or hostile: the Judge decides. `verify`, when the caller has
   * the state, is the Judge's dry run of an answer (its reason, or null), so an engine can repair it.
   */
  resolve(cat: Catalog, slice: Slice, call: ToolCall, verify?: Verify): Consequence | Promise<Consequence>;
}

/** What the Judge would say of a consequence for this call, without committing it. */
export type Verify = (c: Consequence) => Reason | null;
