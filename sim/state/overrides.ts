import { own } from '../model/ids.ts';
import type { Catalog } from '../scenario/catalog.ts';
import type { WorldState } from './types.ts';

/**
 * What researchers' interventions changed of the pack's rules (sim/judge/interventions.ts), as every
 * reader asks it: the Judge, the rule engine's slice, the policy brain. The pack's value unless an
 * intervention changed it.
 */
type Overridden = Pick<WorldState, 'interventions'>;

/** Whether an intervention closed this place (and none opened it since). */
export function isClosed(state: Overridden, place: string): boolean {
  return state.interventions !== undefined && own(state.interventions.closed, place) !== undefined;
}

/** An item's price now: the pack's, unless an intervention changed it. */
export function priceOf(cat: Catalog, state: Overridden, item: string): number {
  return (state.interventions && own(state.interventions.prices, item)) ?? cat.items.get(item)!.price;
}

/** A job's wage now: the pack's, unless an intervention changed it. */
export function wageOf(job: { id: string; wage: number }, state: Overridden): number {
  return (state.interventions && own(state.interventions.wages, job.id)) ?? job.wage;
}
