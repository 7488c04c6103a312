/*
 * Lessons the fold keeps longer than memory does, each with the days it is heeded: both brains read them
 * (the policy brain acts on them; the language-model brain is told).
 */

import { own } from '../sim/model/ids.ts';
import type { Catalog } from '../sim/scenario/catalog.ts';
import type { ActorState } from '../sim/state/types.ts';

/** Days after a thing found no takers before the one whose it was opens another of its kind. */
export const CLOSED_DAYS = 4;
/** Days after an employer could not pay before the worker works for them again. */
export const UNPAID_DAYS = 3;

/** Whether the tick a record holds for `key` falls within the last `days` of the pack's days. */
function within(cat: Catalog, record: Record<string, number> | undefined, key: string, tick: number, days: number): boolean {
  const at = record && own(record, key);
  return at !== undefined && tick - at < days * cat.scenario.vocabulary.time.ticksPerDay;
}

/** Whether a thing of this template of the actor's closed for want of takers in the last CLOSED_DAYS (`ActorState.closed`). */
export const closedLately = (cat: Catalog, a: Pick<ActorState, 'closed'>, template: string, tick: number): boolean =>
  within(cat, a.closed, template, tick, CLOSED_DAYS);

/** Whether this employer could not pay the actor for work in the last UNPAID_DAYS (`ActorState.unpaid`, the Judge's record). */
export const unpaidLately = (cat: Catalog, a: Pick<ActorState, 'unpaid'>, employer: string, tick: number): boolean =>
  within(cat, a.unpaid, employer, tick, UNPAID_DAYS);
