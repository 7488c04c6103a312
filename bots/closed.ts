import type { Catalog } from '../sim/scenario/catalog.ts';
import type { ActorState } from '../sim/state/types.ts';

/** Days after a thing found no takers before the one whose it was opens another of its kind. */
export const CLOSED_DAYS = 4;

/**
 * Whether a thing of this template of the actor's closed for want of takers in the last CLOSED_DAYS
 * (`ActorState.closed`): the policy brain does not open another, and the language-model brain is told.
 */
export function closedLately(cat: Catalog, a: Pick<ActorState, 'closed'>, template: string, tick: number): boolean {
  const at = a.closed?.[template];
  return at !== undefined && tick - at < CLOSED_DAYS * cat.scenario.vocabulary.time.ticksPerDay;
}
