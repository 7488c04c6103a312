import { cellNum, num, toCsv, type Cell } from './csv.ts';
import { describe, describeShare, welch, type Stat } from './stats.ts';
import { type Health, HEALTH_SIGNS } from '../../sim/metrics/health.ts';

/** One finished run's tables, parsed (sim/metrics writes them; see the contract in adapters/experiment/README.md). */
export interface RunData {
  seed: number;
  metrics: Record<string, string>[];
  diffusion: Record<string, string>[];
  facts: Record<string, string>[];
  /** the run's vital signs (sim/metrics/health.ts); null for a run that did not write them */
  health: Health | null;
}
export interface ConditionRuns {
  name: string;
  runs: RunData[];
}

/** Metrics followed over time in DIR/series/<condition>.csv (and the report). */
export const SERIES_METRICS = [
  'population',
  'gini',
  'money_p50',
  'relations',
  'density',
  'reciprocity',
  'clustering',
  'actions',
  'action_entropy',
  'act_use_resource',
  'act_interact',
  'act_move',
  'act_create',
  'act_express',
  'facts',
  'knowings',
] as const;
export const ACTION_KINDS = ['act_use_resource', 'act_interact', 'act_move', 'act_create', 'act_express'] as const;

/** A labelled fact's share of the reachable population per tick, in one run: 0 before it exists. */
type ShareCurve = (tick: number) => number;

/**
 * The fact a label stands for in a run: the first one it seeded (by origin tick, then the order of
 * facts.csv). A label that seeded nothing in a run is a fact nobody knows there.
 */
function labelFact(run: RunData, label: string): Record<string, string> | null {
  let best: Record<string, string> | null = null;
  for (const f of run.facts) {
    if (f.label !== label) continue;
    if (!best || (cellNum(f.origin_tick) ?? Infinity) < (cellNum(best.origin_tick) ?? Infinity)) best = f;
  }
  return best;
}

function shareCurve(run: RunData, label: string): ShareCurve {
  const fact = labelFact(run, label);
  if (!fact) return () => 0;
  const byTick = new Map<number, number>();
  for (const d of run.diffusion) {
    if (d.fact !== fact.fact) continue;
    const t = cellNum(d.tick),
      s = cellNum(d.share);
    if (t !== null && s !== null) byTick.set(t, s);
  }
  const known = [...byTick.keys()].sort((a, b) => a - b);
  return (tick) => {
    // the last row at or before this tick (a fact's rows run from its creation to the end)
    let v = 0;
    for (const t of known) {
      if (t > tick) break;
      v = byTick.get(t)!;
    }
    return v;
  };
}

/** Labels of the facts interventions seeded in any of these runs, sorted. */
export function labelsOf(runs: readonly RunData[]): string[] {
  const out = new Set<string>();
  for (const r of runs) for (const f of r.facts) if (f.label) out.add(f.label);
  return [...out].sort();
}

/** Values of a metrics.csv column on one tick, across runs (a run without that tick is left out). */
function atTick(runs: readonly RunData[], tick: number, col: string): (number | null)[] {
  return runs.map((r) => {
    const row = byTick(r).get(tick);
    return row ? cellNum(row[col]) : null;
  });
}

const indexes = new WeakMap<RunData, Map<number, Record<string, string>>>();
function byTick(r: RunData): Map<number, Record<string, string>> {
  let m = indexes.get(r);
  if (!m) {
    m = new Map();
    for (const row of r.metrics) {
      const t = cellNum(row.tick);
      if (t !== null) m.set(t, row);
    }
    indexes.set(r, m);
  }
  return m;
}

function finalRow(run: RunData): Record<string, string> | null {
  let best: Record<string, string> | null = null;
  for (const m of run.metrics) if (!best || (cellNum(m.tick) ?? -1) > (cellNum(best.tick) ?? -1)) best = m;
  return best;
}

/**
 * metrics.csv columns that count what happened during a tick (not a state at its end): summed over
 * a run they are its cumulative outcome, `<column>:total` in the summary.
 */
export const FLOW_COLUMNS = new Set([
  'actions',
  'rejections',
  ...ACTION_KINDS,
  'checks',
  'checks_critical',
  'checks_full',
  'checks_cost',
  'checks_fail',
  'interventions',
  'tokens',
  'claims_made',
  'claims_contradicted',
  'claims_held',
  'director_accepted',
  'director_refused',
]);
const isFlow = (col: string) => FLOW_COLUMNS.has(col) || (col.startsWith('strat_') && col !== 'strategy_entropy');

/** One row of the summary: a metric of a condition across seeds, and how its interval was made. */
export interface SummaryRow {
  condition: string;
  metric: string;
  stat: Stat;
  /** `t`: Student's t interval of a mean; `wilson`: Wilson score interval of a yes/no share */
  interval: 't' | 'wilson';
}

function sumOf(run: RunData, col: string): number | null {
  let sum: number | null = null;
  for (const row of run.metrics) {
    const v = cellNum(row[col]);
    if (v !== null) sum = (sum ?? 0) + v;
  }
  return sum;
}

/**
 * Per condition and metric, across seeds: every metrics.csv column at each run's final tick; for
 * each column counting what a tick did, its total over the run (`<column>:total`); per labelled
 * fact its final known share (`fact:<label>:final_share`), whether it ever reached half the
 * reachable population (`fact:<label>:reached_half`, yes/no) and the ticks it took
 * (`fact:<label>:half_tick`, over the seeds where it did); then each vital sign of `astinus health`,
 * its value (`health:<sign>`) and whether it met its bound (`health:<sign>:met`, yes/no; a sign a
 * run could not judge is left out of it). Yes/no outcomes get Wilson intervals.
 */
export function summaryRows(conditions: readonly ConditionRuns[]): SummaryRow[] {
  const rows: SummaryRow[] = [];
  const mean = (c: string, metric: string, values: (number | null)[]) =>
    rows.push({ condition: c, metric, stat: describe(values), interval: 't' });
  const share = (c: string, metric: string, values: (number | null)[]) =>
    rows.push({ condition: c, metric, stat: describeShare(values), interval: 'wilson' });
  for (const c of conditions) {
    const finals = c.runs.map(finalRow);
    const columns = Object.keys(finals.find((f) => f) ?? {}).filter((k) => k !== 'tick');
    for (const col of columns)
      mean(
        c.name,
        col,
        finals.map((f) => (f ? cellNum(f[col]) : null)),
      );
    for (const col of columns.filter(isFlow))
      mean(
        c.name,
        `${col}:total`,
        c.runs.map((r) => sumOf(r, col)),
      );
    for (const label of labelsOf(c.runs)) {
      const facts = c.runs.map((r) => labelFact(r, label));
      const final = facts.map((f) => {
        if (!f) return 0;
        const k = cellNum(f.known),
          n = cellNum(f.reachable);
        return k !== null && n ? k / n : null;
      });
      mean(c.name, `fact:${label}:final_share`, final);
      share(
        c.name,
        `fact:${label}:reached_half`,
        facts.map((f) => (f && cellNum(f.half_tick) !== null ? 1 : 0)),
      );
      mean(
        c.name,
        `fact:${label}:half_tick`,
        facts.map((f) => (f ? cellNum(f.half_tick) : null)),
      );
    }
    const signs = c.runs.map((r) => new Map((r.health?.checks ?? []).map((x) => [x.id, x])));
    for (const id of HEALTH_SIGNS) {
      const of = signs.map((m) => m.get(id));
      mean(
        c.name,
        `health:${id}`,
        of.map((x) => x?.value ?? null),
      );
      share(
        c.name,
        `health:${id}:met`,
        of.map((x) => (x?.ok === undefined || x.ok === null ? null : x.ok ? 1 : 0)),
      );
    }
  }
  return rows;
}

/** DIR/summary.csv: `condition,metric,n,mean,sd,ci95_low,ci95_high,interval` (see summaryRows). */
export function summaryCsv(conditions: readonly ConditionRuns[]): string {
  return toCsv(
    ['condition', 'metric', 'n', 'mean', 'sd', 'ci95_low', 'ci95_high', 'interval'],
    summaryRows(conditions).map((r) => [r.condition, r.metric, r.stat.n, r.stat.mean, r.stat.sd, r.stat.low, r.stat.high, r.interval]),
  );
}

/**
 * DIR/contrasts.csv: for every condition but the baseline and every metric of the summary both
 * have, the difference of means (condition − baseline) with Welch's 95% interval and its degrees of
 * freedom, and the n of each side.
 */
export function contrastsCsv(rows: readonly SummaryRow[], baseline: string): string {
  const base = new Map(rows.filter((r) => r.condition === baseline).map((r) => [r.metric, r.stat]));
  const out: Cell[][] = [];
  for (const r of rows) {
    const b = base.get(r.metric);
    if (r.condition === baseline || !b) continue;
    const w = welch(r.stat, b);
    out.push([r.condition, baseline, r.metric, r.stat.n, b.n, r.stat.mean, b.mean, w.diff, w.df, w.low, w.high]);
  }
  return toCsv(['condition', 'baseline', 'metric', 'n', 'n_baseline', 'mean', 'mean_baseline', 'diff', 'df', 'ci95_low', 'ci95_high'], out);
}

/** Per tick, a condition's key metrics across seeds: what DIR/series/<condition>.csv and the report's charts show. */
export interface Series {
  ticks: number[];
  /** metric (or `share_<label>`, or `mix_<action kind>`) -> per tick stats */
  stats: Record<string, Stat[]>;
}

export function seriesOf(c: ConditionRuns, labels: readonly string[], extra: readonly string[] = []): Series {
  const ticks = [...new Set(c.runs.flatMap((r) => r.metrics.map((m) => cellNum(m.tick)).filter((t): t is number => t !== null)))].sort(
    (a, b) => a - b,
  );
  const stats: Record<string, Stat[]> = Object.create(null);
  for (const m of [...SERIES_METRICS, ...extra]) stats[m] = ticks.map((t) => describe(atTick(c.runs, t, m)));
  // the action mix: each kind's share of the tick's actions, per run, then across runs
  for (const k of ACTION_KINDS) {
    stats[`mix_${k}`] = ticks.map((t) => {
      const kind = atTick(c.runs, t, k),
        all = atTick(c.runs, t, 'actions');
      return describe(kind.map((v, i) => (v !== null && all[i] ? v / all[i]! : null)));
    });
  }
  for (const label of labels) {
    const curves = c.runs.map((r) => ({ curve: shareCurve(r, label), has: byTick(r) }));
    stats[`share_${label}`] = ticks.map((t) => describe(curves.map(({ curve, has }) => (has.has(t) ? curve(t) : null))));
  }
  return { ticks, stats };
}

/** DIR/series/<condition>.csv: tick, n (runs with that tick), then <metric>_mean, _ci95_low, _ci95_high for each series. */
export function seriesCsv(s: Series): string {
  const keys = Object.keys(s.stats);
  const header = ['tick', 'n', ...keys.flatMap((k) => [`${k}_mean`, `${k}_ci95_low`, `${k}_ci95_high`])];
  const rows = s.ticks.map((t, i) => {
    const n = Math.max(0, ...keys.map((k) => s.stats[k][i].n));
    return [
      t,
      n,
      ...keys.flatMap((k) => {
        const st = s.stats[k][i];
        return [st.mean, st.low, st.high];
      }),
    ] as Cell[];
  });
  return toCsv(header, rows);
}

/** Rounded as the tables write it, so the report shows what the CSV says. */
export const round6 = (x: number | null): number | null => (x === null ? null : Number(num(x)));
