import { z } from 'zod';
import type { ParseArgsConfig } from 'node:util';
import { Renderer } from '../../sim/i18n/render.ts';
import { translator, type T } from '../../sim/i18n/translator.ts';
import { type Health, type HealthCheck, healthOf, BOUNDS } from '../../sim/metrics/health.ts';
import type { MetricsFold } from '../../sim/metrics/fold.ts';
import { LangArg, parse } from './args.ts';
import { foldShown } from './metrics.ts';
import { displayWidth, padDisplay } from './width.ts';

const HealthArgs = z.object({
  data: z.string({ error: 'cli.error.data_required' }),
  scenario: z.string().min(1).optional(),
  json: z.boolean().optional(),
  lang: LangArg,
});
const HEALTH_OPTIONS: ParseArgsConfig['options'] = { scenario: { type: 'string' }, json: { type: 'boolean' }, lang: { type: 'string' } };

/**
 * `astinus health <data-dir> [--scenario PATH] [--json]`: a stored run's vital signs (sim/metrics/health.ts),
 * each against the bound a living world keeps. Reads the store as `astinus metrics` does, so it works on a
 * run still going. Always exits 0: the report is the answer, not an error.
 */
export async function healthCommand(argv: string[]): Promise<number> {
  const args = parse(argv, HEALTH_OPTIONS, ['data'], HealthArgs);
  const t = translator(args.lang);
  const fold = await foldShown(args.data, args.scenario, t);
  const h = healthOf(fold);
  const out = args.json
    ? JSON.stringify(h, null, 2)
    : healthLines(t, new Renderer(args.lang, fold.cat, fold.current()), fold, h).join('\n');
  process.stdout.write(out + '\n');
  return 0;
}

/** The report in words: one table of signs, then what lies behind them. */
export function healthLines(t: T, r: Renderer, fold: MetricsFold, h: Health): string[] {
  const pct = (v: number) => (100 * v).toFixed(1);
  const yes = (b: boolean) => t(b ? 'health.value.yes' : 'health.value.no');
  const rows = h.checks.map((c) => [t(`health.sign.${c.id}`), value(t, r, h, c), bound(t, r, c), verdict(t, c)]);
  const head = [t('health.head.sign'), t('health.head.value'), t('health.head.bound'), t('health.head.verdict')];
  const widths = head.map((_, i) => Math.max(...[head, ...rows].map((row) => displayWidth(row[i]))));
  const line = (row: string[]) => `  ${row.map((cell, i) => padDisplay(cell, widths[i])).join('  ')}`.trimEnd();
  const out = [
    t('health.title', { pack: r.text(fold.cat.scenario.meta.name), from: h.ticks.from, to: h.ticks.to, days: h.ticks.days.toFixed(1) }),
    line(head),
    ...rows.map(line),
    '',
  ];
  out.push(
    h.made.top
      ? t('health.made', {
          name: r.param({ ref: 'template', id: h.made.top }),
          count: fold.totals().made.get(h.made.top),
          total: h.made.total,
          percent: pct(h.made.share),
        })
      : t('health.made_none'),
  );
  if (h.actions.top)
    out.push(
      t('health.action', {
        name: wordName(r, h.actions.top),
        count: fold.totals().words.get(h.actions.top),
        total: h.actions.total,
        percent: pct(h.actions.share),
      }),
    );
  if (h.removed.length)
    out.push(
      t('health.removed', {
        list: h.removed.map(([reason, count]) => t('health.removed_item', { reason: r.term(reason), count })).join(t('health.sep')),
      }),
    );
  out.push(t('health.broke', { meal: r.money(fold.cat.levels.meal), end: pct(h.broke.end), peak: pct(h.broke.peak) }));
  out.push(t('health.failures', { repeated: h.failures.repeatedRejections, streaks: h.failures.streaks, longest: h.failures.longest }));
  const d = h.director;
  out.push(
    d
      ? t('health.director', {
          start: t(`health.side.${d.start}`),
          low: d.low,
          high: d.high,
          min: d.min.toFixed(1),
          max: d.max.toFixed(1),
          left: yes(d.left),
          returned: yes(d.returned),
        })
      : t('health.director_none'),
  );
  out.push(t('health.summary', { met: h.checks.filter((c) => c.ok).length, signs: h.checks.length }));
  return out;
}

function value(t: T, r: Renderer, h: Health, c: HealthCheck): string {
  if (c.value === null) return t('health.value.none');
  switch (c.id) {
    case 'population_ratio':
      return t('health.value.ratio', { value: c.value.toFixed(2), from: h.population.start, to: h.population.peak });
    case 'money_ratio':
      return t('health.value.ratio', { value: c.value.toFixed(2), from: h.money.start, to: h.money.end });
    case 'median_not_broke':
      return t('health.value.money', { value: r.money(h.money.medianEnd), start: r.money(h.money.medianStart) });
    case 'collapsed_peak':
      return h.collapsed.peakTick === null
        ? t('health.value.share', { percent: '0.0' })
        : t('health.value.share_at', { percent: (100 * c.value).toFixed(1), tick: h.collapsed.peakTick });
    case 'gini_drift':
      return t('health.value.drift', {
        drift: (c.value >= 0 ? '+' : '') + c.value.toFixed(3),
        from: h.gini.start.toFixed(3),
        to: h.gini.end.toFixed(3),
      });
    case 'made_share':
    case 'action_share':
      return t('health.value.share', { percent: (100 * c.value).toFixed(1) });
    case 'tension_moves':
      return t(c.value === 1 ? 'health.value.yes' : 'health.value.no');
  }
}

function bound(t: T, r: Renderer, c: HealthCheck): string {
  switch (c.id) {
    case 'population_ratio':
    case 'money_ratio':
      return t('health.bound.at_most_ratio', { bound: c.bound });
    case 'median_not_broke':
      return t('health.bound.at_least_money', { bound: r.money(c.bound) });
    case 'collapsed_peak':
      return t('health.bound.below_share', { percent: 100 * BOUNDS.collapsed_peak });
    case 'gini_drift':
      return t('health.bound.at_most_drift', { bound: c.bound });
    case 'made_share':
    case 'action_share':
      return t('health.bound.at_most_share', { percent: 100 * c.bound });
    case 'tension_moves':
      return t('health.bound.once');
  }
}

const verdict = (t: T, c: HealthCheck) => t(c.ok === null ? 'health.verdict.unknown' : c.ok ? 'health.verdict.ok' : 'health.verdict.not');

/** `tool:word` in the pack's words: the manner, purpose, template, mode or channel's name. */
function wordName(r: Renderer, key: string): string {
  const [tool, word] = key.split(':');
  const w = r.cat.words;
  const name =
    tool === 'interact'
      ? w.manner(word)?.name
      : tool === 'use_resource'
        ? w.purpose(word)?.name
        : tool === 'move'
          ? w.mode(word)?.name
          : tool === 'express'
            ? w.channel(word)?.name
            : r.cat.templates.get(word)?.name;
  return `${r.term(tool)}: ${r.text(name) || word}`;
}
