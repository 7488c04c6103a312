/**
 * The run summary's verdict on the books always names what does not reconcile, with figures, in
 * both languages: a list of broken ticks, or (no tick at fault) the totals that differ.
 */
import { describe, expect, it } from 'vitest';
import type { Event, MoneySummary } from '../sim/model/events.ts';
import { SummaryBuilder } from '../adapters/cli/summary.ts';
import { translator } from '../sim/i18n/translator.ts';
import type { WorldState } from '../sim/state/types.ts';

const tick = (t: number, m: Partial<MoneySummary>): Event =>
  ({
    tick: t,
    seq: 0,
    type: 'tick_summary',
    actions: 0,
    rejections: 0,
    money: { before: 100, created: 0, destroyed: 0, after: 100, sources: {}, sinks: {}, ...m },
  }) as Event;
const holding = (...money: number[]) =>
  ({ actors: Object.fromEntries(money.map((m, i) => [`a${i}`, { id: `a${i}`, money: m }])) }) as unknown as WorldState;

function verdict(events: Event[], state: WorldState, lang: 'en' | 'cn' = 'en'): string[] {
  const s = new SummaryBuilder();
  s.add(events);
  const t = translator(lang);
  return s.verdict(s.reconcile(state)).map((v) => t(v.key, v.params));
}

describe('the books verdict', () => {
  it('reconciled books say so', () => {
    const events = [tick(0, {}), tick(1, { created: 20, after: 120, sources: { wage: 20 } })];
    expect(verdict(events, holding(70, 50))).toEqual(['Reconciled exactly.']);
  });

  it('totals that differ with no broken tick (an edited state) are named with every figure', () => {
    const events = [
      tick(0, {}),
      tick(1, { created: 20, after: 120, sources: { wage: 20 } }),
      tick(2, { before: 120, destroyed: 5, after: 115, sinks: { rent: 5 } }),
    ];
    const [en] = verdict(events, holding(1000, 115));
    expect(en).toBe('DOES NOT RECONCILE: opening 100 + created 20 - destroyed 5 = 115, but actors hold 1115 (+1000).');
    const [cn] = verdict(events, holding(15), 'cn');
    expect(cn).toContain('115');
    expect(cn).toContain('15');
    expect(cn).toContain('-100');
    expect(cn).not.toMatch(/\{\{|tick \)/);
  });

  it('broken ticks are listed, each once, at most five', () => {
    const bad = [1, 2, 3, 4, 5, 6].map((t) => tick(t, { created: 3, after: 100 }));
    const lines = verdict([tick(0, {}), ...bad], holding(100));
    expect(lines).toEqual([
      'DOES NOT RECONCILE: ticks whose books do not balance: 1, 2, 3, 4, 5, … (6 in all).',
      'DOES NOT RECONCILE: opening 100 + created 18 - destroyed 0 = 118, but actors hold 100 (-18).',
    ]);
    const [cn] = verdict([tick(0, {}), bad[0]], holding(103), 'cn');
    expect(cn).toBe('对账不平：账目不平衡的回合：1（共 1 个）。');
  });
});
