import { moneyName } from '../../sim/i18n/joins.ts';
import { Names } from '../../sim/i18n/names.ts';
import type { Renderer } from '../../sim/i18n/render.ts';
import type { T } from '../../sim/i18n/translator.ts';
import type { WorldState } from '../../sim/state/types.ts';
import type { Books, SummaryBuilder } from './summary.ts';
import { displayWidth, padDisplay } from './width.ts';

/**
 * The end-of-run summary as lines in the run's language: every event type, tool, template, effect
 * and rejection by its name, never its id; the tables' labels padded by display width so Chinese
 * columns line up.
 */
export function summaryLines(t: T, r: Renderer, s: SummaryBuilder, m: Books, state: WorldState, secs: number): string[] {
  const names = new Names(r);
  const out: string[] = [];
  const rows: [string, string | number][] = [];
  const flush = () => {
    const w = Math.max(24, ...rows.map(([l]) => displayWidth(l)));
    for (const [label, value] of rows.splice(0)) out.push(`  ${padDisplay(label, w)} ${value}`);
  };
  const head = (line: string) => {
    flush();
    out.push(line);
  };
  const row = (label: string, value: string | number) => rows.push([label, value]);
  const table = (o: Record<string, number>, name: (k: string) => string) =>
    Object.entries(o)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .forEach(([k, v]) => row(name(k), v));
  head('');
  head(t('cli.summary.title', { ticks: s.ticks, clock: r.clock(state.tick), seconds: secs.toFixed(1) }));
  head(t('cli.summary.tools'));
  table(s.byTool, (k) => r.term(k));
  head(t('cli.summary.events'));
  table(s.byType, (k) => names.eventType(k));
  head(t('cli.summary.created'));
  table(s.created, (k) => r.param({ ref: 'template', id: k }));
  head(t('cli.summary.effects'));
  // income a thing earned is named by its source, as the books name it
  table(s.effectsFired, (k) => (k.startsWith('source:') ? moneyName(r, k.slice(7), 'sources') : r.term(k)));
  head(t('cli.summary.society', { relationships: s.relationshipMoves, reputations: s.reputationMoves, strategies: s.strategyChanges }));
  head(t('cli.summary.truth', { claims: s.claims, contradicted: s.contradictedClaims, held: s.heldTexts }));
  const { richest, poorest } = s.extremes(state);
  head(t('cli.summary.richest'));
  for (const a of richest) row(r.actor(a.id), r.money(a.money));
  head(t('cli.summary.poorest'));
  for (const a of poorest) row(r.actor(a.id), r.money(a.money));
  head(t('cli.summary.rejections', { repeated: s.repeatedRejections }));
  // the latest rejection of each kind says what it was, in words; its code is for the log
  table(s.rejections, (k) => r.render(s.example[k]));
  head(t('cli.summary.money', { currency: r.text(r.cat.words.v.currency.name) }));
  row(t('cli.summary.opening'), m.opening);
  row(t('cli.summary.minted'), `+${m.created}`);
  for (const [k, v] of Object.entries(s.bySource)) row(`  ${moneyName(r, k, 'sources')}`, `+${v}`);
  const joins = s.joins.line(t, r);
  if (joins) head(`  ${joins}`);
  row(t('cli.summary.burned'), `-${m.destroyed}`);
  for (const [k, v] of Object.entries(s.bySink)) row(`  ${moneyName(r, k, 'sinks')}`, `-${v}`);
  row(t('cli.summary.expected'), m.expected);
  row(t('cli.summary.held'), m.held - m.funds);
  if (r.cat.funds.size) row(t('cli.summary.in_funds'), m.funds);
  for (const v of s.verdict(m)) head(`  ${t(v.key, v.params)}`);
  flush();
  return out;
}
