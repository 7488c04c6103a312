import type { EntityState } from '../../sim/model/events.ts';
import { type Catalog, onSale } from '../../sim/scenario/catalog.ts';
import type { Slice } from '../types.ts';
import { own } from '../../sim/model/ids.ts';
import { slidingWage } from '../../sim/model/jobs.ts';
import type { Job } from '../../sim/model/scenario.ts';

/** An item's price as the slice says it: the pack's, unless an intervention changed it. */
export const slicePrice = (s: Slice, item: string, pack: number): number => (s.prices && own(s.prices, item)) ?? pack;
/** What a job pays now as the slice says it: its wage (or an intervention's), following the employer's purse if the pack says so. */
export const sliceWage = (s: Slice, job: Job): number =>
  slidingWage(job, (s.wages && own(s.wages, job.id)) ?? job.wage, s.employer?.money ?? 0);

export interface Food {
  price: number;
  energy: number;
  stall: EntityState | null;
  item: string | null;
}

/** The most filling food here within budget, so a meal lasts; a neighbour's stall on a tie (it keeps money among the people). */
export function foodHere(cat: Catalog, s: Slice, budget: number): Food | null {
  let best: Food | null = null;
  const better = (f: Food) => f.price <= budget && (!best || f.energy > best.energy);
  for (const e of s.entitiesHere) {
    if (e.owner === null || e.owner === s.actor.id) continue;
    const eff = cat.effect(e.template, 'food');
    if (!eff) continue;
    const f = { price: eff.price, energy: eff.energy, stall: e, item: null };
    if (better(f)) best = f;
  }
  for (const id of s.closed ? [] : onSale(cat, s.place.id, s.tick)) {
    const item = cat.items.get(id);
    if (!item || item.energy === 0) continue;
    const f = { price: slicePrice(s, id, item.price), energy: item.energy, stall: null, item: id };
    if (better(f)) best = f;
  }
  return best;
}
