import { own } from '../../../sim/model/ids.ts';
import { needPressure, WARNINGS } from '../../../sim/model/needs.ts';
import type { Need } from '../../../sim/model/scenario.ts';
import { type Catalog, onSale } from '../../../sim/scenario/catalog.ts';
import { type Ctx, propose } from './context.ts';
import { usingItem } from './calls.ts';
import { goTo } from './options.ts';

/** How pressing a declared need must be before one tends it: at its first warning line. */
const TEND_AT = 1 - WARNINGS[0].below;
/** How pressing it is at its last (critical) line, where it is tended before anything else. */
const CRITICAL = 1 - WARNINGS[WARNINGS.length - 1].below;

/** The places that sell something satisfying each declared need, once per catalog: a trip for it asks. */
const SELLERS = new WeakMap<Catalog, Map<string, string[]>>();
function sellers(cat: Catalog, need: string): string[] {
  let out = SELLERS.get(cat);
  if (!out) {
    out = new Map();
    for (const n of cat.needs.keys())
      out.set(
        n,
        [...cat.places.values()].filter((p) => p.sells.some((i) => worth(cat, i, n) > 0)).map((p) => p.id),
      );
    SELLERS.set(cat, out);
  }
  return out.get(need) ?? [];
}

/** What one of an item gives a need (0: nothing). */
const worth = (cat: Catalog, item: string, need: string): number => {
  const s = cat.items.get(item)?.satisfies;
  return (s && own(s, need)) ?? 0;
};

/** The pack's lowest price of something that satisfies a need. */
function cheapest(cat: Catalog, need: string): number {
  let out = Infinity;
  for (const item of cat.items.values()) if (worth(cat, item.id, need) > 0) out = Math.min(out, item.price);
  return out;
}

/**
 * A need the pack declares beyond energy, running low: the body tends it as it seeks food when hungry. What
 * is carried first (the thing that gives most), else the cheapest sold here, else go to the nearest place
 * that sells it. The most pressing need first; none offered in a pack that declares none (so its runs draw no dice here).
 */
export function tendNeed(ctx: Ctx): boolean {
  const { cat, self } = ctx;
  if (cat.needs.size === 0) return false;
  let need: Need | undefined;
  let press = TEND_AT;
  for (const n of cat.needs.values()) {
    const p = needPressure(n, self);
    if (p >= press) [need, press] = [n, p];
  }
  if (!need) return false;
  // the pack's word for using a thing up; without one nothing satisfies a need (validate says so)
  const use = cat.words.purposeFor('eat');
  if (!use) return false;
  let carried: string | undefined;
  for (const i in self.inventory)
    if (self.inventory[i] > 0 && worth(cat, i, need.id) > (carried === undefined ? 0 : worth(cat, carried, need.id))) carried = i;
  // as urgent as hunger is at its worst; at its critical line, before anything else (the body is about to fall)
  const base = 7 * press + (press >= CRITICAL ? 5 : 0);
  let sold: { id: string; price: number } | undefined;
  if (!carried)
    for (const id of ctx.p.place.sells) {
      if (worth(cat, id, need.id) === 0) continue;
      const price = ctx.p.place.prices && Object.hasOwn(ctx.p.place.prices, id) ? ctx.p.place.prices[id] : cat.items.get(id)!.price;
      if (price <= self.money && (!sold || price < sold.price)) sold = { id, price };
    }
  // what is in hand is used; what is sold here is bought and used in the one call (world-engine/rules/use-resource.ts)
  const item = carried ?? sold?.id;
  if (item) return propose(ctx, 'rest', base, 'use_resource', usingItem, item, 1, use);
  // a trip to buy it is for one who can pay for it there (the pack's price: the shop's own is not known from here)
  if (self.money < cheapest(cat, need.id)) return false;
  const d = cat.dist.get(ctx.p.place.id);
  let to: string | undefined;
  // only where it is on sale now: a shop shut for the night is no use, and two shut ones would be walked between
  for (const p of sellers(cat, need.id))
    if (p !== ctx.p.place.id && d?.has(p) && (to === undefined || d.get(p)! < d.get(to)!) && onSale(cat, p, ctx.p.tick).length) to = p;
  return to !== undefined && goTo(ctx, 'rest', 0.8 * base, to);
}
