import { own } from '../model/ids.ts';
import { slidingWage } from '../model/jobs.ts';
import type { Job } from '../model/scenario.ts';
import type { Catalog } from '../scenario/catalog.ts';
import type { ToolCall } from '../model/tools.ts';
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

/**
 * Whether a call is one a closed place refuses to those inside (README, Interventions and forks), by
 * what its word does: making a thing, working, performing for tips, buying or giving; buying from a thing,
 * joining a class or stealing. The Judge refuses these (sim/judge/calls.ts), and any change that trades
 * or makes there whoever proposes it (sim/judge/changes.ts); the brains do not offer them.
 */
export function closedRefuses(cat: Catalog, call: ToolCall): boolean {
  switch (call.tool) {
    case 'create':
      return true;
    case 'use_resource': {
      const does = cat.words.purposeDoes(call.args.purpose);
      return does === 'work' || does === 'perform' || does === 'buy' || does === 'gift';
    }
    case 'interact': {
      const does = cat.words.mannerDoes(call.args.manner);
      return does === 'buy' || does === 'learn' || does === 'steal';
    }
    default:
      return false;
  }
}

/** An item's price now: the pack's, unless an intervention changed it. */
export function priceOf(cat: Catalog, state: Overridden, item: string): number {
  return (state.interventions && own(state.interventions.prices, item)) ?? cat.items.get(item)!.price;
}

/** A job's wage: the pack's, unless an intervention changed it (the most it pays, sim/model/jobs.ts `slidingWage`). */
export function wageOf(job: { id: string; wage: number }, state: Overridden): number {
  return (state.interventions && own(state.interventions.wages, job.id)) ?? job.wage;
}

/** What a job pays now, its employer holding `employerMoney`: its wage, or less when the wage follows the purse. */
export function wageNow(job: Job, state: Overridden, employerMoney: number): number {
  return slidingWage(job, wageOf(job, state), employerMoney);
}
