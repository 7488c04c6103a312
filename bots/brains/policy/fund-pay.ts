import { isMember } from '../../../sim/model/funds.ts';
import type { Catalog } from '../../../sim/scenario/catalog.ts';
import { type Ctx, propose } from './context.ts';
import { spending } from './calls.ts';

/** Each fund with a `payIn` and the purpose that pays into it, once per catalog: every member's every decision asks. */
const PAYABLE = new WeakMap<Catalog, { fund: string; payIn: number; below: number; purpose: string }[]>();
function payable(cat: Catalog) {
  let out = PAYABLE.get(cat);
  if (out) return out;
  out = [];
  for (const f of cat.funds.values()) {
    const purpose = cat.words.ids('purposes').find((id) => cat.words.purpose(id)?.fund === f.id);
    if (f.payIn !== undefined && purpose !== undefined) out.push({ fund: f.id, payIn: f.payIn, below: f.payout?.below ?? 0, purpose });
  }
  PAYABLE.set(cat, out);
  return out;
}

/**
 * A member pays a fund its `payIn` once a day, out of what they can spare: never so much that the fund
 * would owe them a payout, nor their next few meals. The diligent keep up best.
 */
export function payIntoFund(ctx: Ctx): boolean {
  const { self, cat } = ctx;
  const meal = cat.levels.meal;
  const day = cat.scenario.vocabulary.time.ticksPerDay;
  for (const f of payable(cat)) {
    const last = self.paidIn?.[f.fund];
    if (last !== undefined && ctx.p.tick - last < day) continue;
    if (self.money < f.below + f.payIn + 5 * meal || !isMember(cat.funds.get(f.fund)!, self)) continue;
    return propose(ctx, 'rest', 0.6 + 0.8 * self.drives.diligence, 'use_resource', spending, 'money', f.payIn, f.purpose);
  }
  return false;
}
