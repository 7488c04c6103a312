import type { Scenario } from '../model/scenario.ts';
import { jsonPath, type PackIssue } from './errors.ts';
import { type At, type PackRefs, refCheck, wordsOf } from './refs.ts';

type Parts = { meta: Scenario['meta'] | null; vocabulary: Scenario['vocabulary'] | null };

/**
 * The funds' references: each fund's role and named members, and each purpose that pays into a fund
 * (a fund the pack declares, by plain spending, into the fund alone and no sink besides).
 */
export function fundChecks(s: Parts, refs: PackRefs, at: At): void {
  const roles = wordsOf(refs, 'roles');
  const seen = new Set<string>();
  s.meta?.rules.money.funds.forEach((f, i) => {
    const here = ['rules', 'money', 'funds', i];
    if (seen.has(f.id)) at('scenario.json', [...here, 'id'], 'duplicate', { id: f.id });
    seen.add(f.id);
    if (f.members.role !== undefined) refCheck(at, 'scenario.json', [...here, 'members', 'role'], 'unknown_role', f.members.role, roles);
    // a member's habit the Judge would refuse at every turn
    const cap = s.meta!.rules.caps.moneyPerAction;
    if (f.payIn !== undefined && f.payIn > cap)
      at('scenario.json', [...here, 'payIn'], 'fund_pay_in_over_cap', { amount: String(f.payIn), cap: String(cap) });
    (f.members.actors ?? []).forEach((id, j) =>
      refCheck(at, 'scenario.json', [...here, 'members', 'actors', j], 'unknown_actor', id, refs.actors),
    );
  });
  for (const [id, p] of Object.entries(s.vocabulary?.purposes ?? {})) {
    if (p.fund === undefined) continue;
    const here = ['purposes', id];
    refCheck(at, 'vocabulary.json', [...here, 'fund'], 'unknown_fund', p.fund, refs.funds);
    if (p.does !== 'spend') at('vocabulary.json', [...here, 'does'], 'fund_not_spend');
    if (p.sink !== undefined) at('vocabulary.json', [...here, 'sink'], 'fund_and_sink');
  }
}

/** What is legal but probably not meant: a fund nobody belongs to, and one that starts empty and nothing pays into. */
export function fundWarnings(s: Scenario): PackIssue[] {
  const out: PackIssue[] = [];
  const paidInto = new Set(Object.values(s.vocabulary.purposes).flatMap((p) => (p.fund ? [p.fund] : [])));
  s.meta.rules.money.funds.forEach((f, i) => {
    const path = jsonPath(['rules', 'money', 'funds', i]);
    const role = f.members.role;
    const anyone = s.actors.some((a) => (role !== undefined && a.roles.includes(role)) || (f.members.actors ?? []).includes(a.id));
    if (!anyone) out.push({ file: 'scenario.json', path, reason: { key: 'pack.fund_nobody', params: { id: f.id } } });
    if (f.money === 0 && !paidInto.has(f.id))
      out.push({ file: 'scenario.json', path, reason: { key: 'pack.fund_no_pay_in', params: { id: f.id } } });
  });
  return out;
}
