import type { EntityState } from '../../sim/model/events.ts';
import { type Catalog, onSale } from '../../sim/scenario/catalog.ts';
import type { Slice } from '../types.ts';

export interface Food { price: number; energy: number; stall: EntityState | null; item: string | null }

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
  for (const id of onSale(cat, s.place.id, s.tick)) {
    const item = cat.items.get(id);
    if (!item || item.energy === 0) continue;
    const f = { price: item.price, energy: item.energy, stall: null, item: id };
    if (better(f)) best = f;
  }
  return best;
}
