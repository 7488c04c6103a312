import type { Catalog } from '../scenario/catalog.ts';
import type { WorldState } from '../state/types.ts';
import { membersOf } from '../state/members.ts';
import { isMember } from '../model/funds.ts';
import { own } from '../model/ids.ts';
import { proposers } from './changes.ts';
import { check } from './reasons.ts';
import type { TickJudge } from './judge.ts';

/**
 * The funds' payout rules, run by the Judge's clock each tick: a member in play whose money is below
 * the rule's line is paid its amount out of the fund, if the fund holds it, at most once every
 * `every` ticks (default a day). Members are served in id order, so when the fund runs short the
 * same member is first every time, whatever order the state holds them in.
 */
export function runFunds(cat: Catalog, state: WorldState, tick: number, judge: TickJudge): void {
  if (!state.funds) return;
  const actors = membersOf(state.actors)
    .filter((a) => a.status === 'alive' || a.status === 'unconscious' || a.status === 'dying')
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const fund of cat.funds.values()) {
    const rule = fund.payout;
    if (!rule) continue;
    const every = rule.every ?? cat.scenario.vocabulary.time.ticksPerDay;
    for (const a of actors) {
      const f = own(state.funds, fund.id);
      if (!f || f.money < rule.amount) break;
      if (a.money >= rule.below || !isMember(fund, a)) continue;
      const last = own(f.paid, a.id);
      if (last !== undefined && tick - last < every) continue;
      judge.judged(proposers.clock(a.location), (d) => {
        // the Judge's own rule, checked against the fund as it stands: nothing is paid out of an empty purse
        check(f.money >= rule.amount, 'fund_empty', { fund: { ref: 'fund', id: fund.id } });
        d.emit({ type: 'fund_paid_out', fund: fund.id, to: a.id, amount: rule.amount, rule: rule.to });
      });
    }
  }
}
