import type { Catalog } from '../sim/scenario/catalog.ts';
import type { ActorState } from '../sim/state/types.ts';

/** Days after an employer could not pay before the worker works for them again. */
export const UNPAID_DAYS = 3;

/**
 * Whether this employer could not pay the actor for work in the last UNPAID_DAYS (`ActorState.unpaid`,
 * the Judge's record): the policy brain does not work for them, and the language-model brain is told.
 */
export function unpaidLately(cat: Catalog, a: Pick<ActorState, 'unpaid'>, employer: string, tick: number): boolean {
  const at = a.unpaid && Object.hasOwn(a.unpaid, employer) ? a.unpaid[employer] : undefined;
  return at !== undefined && tick - at < UNPAID_DAYS * cat.scenario.vocabulary.time.ticksPerDay;
}
