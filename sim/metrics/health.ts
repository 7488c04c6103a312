import type { MetricsFold } from './fold.ts';

/**
 * A run's vital signs, read from its metrics fold (sim/metrics/README.md, Health): is the world still alive,
 * fed, paid and varied at its end, or has it drifted into a population of penniless copies? Each
 * sign has the bound a living world keeps; bounds scale with nothing, so a short run is judged by
 * the same shares as a month.
 */
export interface Health {
  ticks: { from: number; to: number; days: number };
  /** residents: the living in play who are not players (those who left or are locked away are not) */
  population: { start: number; end: number; peak: number; ratio: number };
  /** median money at the start and at the end; the most broke and most collapsed at any tick, as shares of the living */
  money: { start: number; end: number; ratio: number; medianStart: number; medianEnd: number };
  broke: { end: number; peak: number };
  collapsed: { peak: number; peakTick: number | null };
  gini: { start: number; end: number; drift: number };
  /** the most made thing (template id) and its share of all things made */
  made: { total: number; top: string | null; share: number };
  /** the most common action word (`tool:word`) and its share of all actions */
  actions: { total: number; top: string | null; share: number };
  /** things removed by the Judge's reason, most first */
  removed: [string, number][];
  failures: { repeatedRejections: number; streaks: number; longest: number };
  /** null without a director: where the tension started against the pack's band, and whether it left that side and came back */
  director: { low: number; high: number; start: Side; left: boolean; returned: boolean; min: number; max: number } | null;
  checks: HealthCheck[];
}

export type Side = 'below' | 'in' | 'above';

/** One sign against its bound: `ok` null when the run cannot say (too short, nothing made, no director). */
export interface HealthCheck {
  id: HealthCheckId;
  value: number | null;
  bound: number;
  ok: boolean | null;
}

/** The signs, in the order a report gives them. */
export const HEALTH_SIGNS = [
  'population_ratio',
  'median_not_broke',
  'collapsed_peak',
  'money_ratio',
  'gini_drift',
  'made_share',
  'action_share',
  'tension_moves',
] as const;
export type HealthCheckId = (typeof HEALTH_SIGNS)[number];

/** The bounds of a living world (shares of the living, ratios to the start). */
export const BOUNDS = {
  population_ratio: 1.5,
  collapsed_peak: 0.1,
  money_ratio: 2,
  gini_drift: 0.1,
  made_share: 0.4,
  action_share: 0.4,
} as const;

export function healthOf(fold: MetricsFold): Health {
  const rows = fold.rows();
  const start = fold.start;
  const last = rows.at(-1);
  const ticksPerDay = fold.cat.scenario.vocabulary.time.ticksPerDay;
  const end = {
    money: last?.money_total ?? start.moneyTotal,
    median: last?.money_p50 ?? start.money_p50,
    gini: last?.gini ?? start.gini,
  };
  let peak = start.residents;
  let brokePeak = 0;
  let collapsedPeak = 0;
  let collapsedTick: number | null = null;
  for (const r of rows) {
    peak = Math.max(peak, r.residents);
    if (!r.population) continue;
    brokePeak = Math.max(brokePeak, r.broke / r.population);
    if (r.collapsed / r.population > collapsedPeak) {
      collapsedPeak = r.collapsed / r.population;
      collapsedTick = r.tick;
    }
  }
  const t = fold.totals();
  const made = top(t.made);
  const actions = top(t.words);
  const director = tensionOf(fold);
  const h: Omit<Health, 'checks'> = {
    ticks: { from: rows[0]?.tick ?? start.tick, to: last?.tick ?? start.tick, days: rows.length / ticksPerDay },
    population: { start: start.residents, end: last?.residents ?? start.residents, peak, ratio: ratio(peak, start.residents) },
    money: {
      start: start.moneyTotal,
      end: end.money,
      ratio: ratio(end.money, start.moneyTotal),
      medianStart: start.money_p50,
      medianEnd: end.median,
    },
    broke: { end: last && last.population ? last.broke / last.population : 0, peak: brokePeak },
    collapsed: { peak: collapsedPeak, peakTick: collapsedTick },
    gini: { start: start.gini, end: end.gini, drift: end.gini - start.gini },
    made,
    actions,
    removed: [...t.removed].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)),
    failures: { repeatedRejections: t.repeatedRejections, streaks: t.failStreaks, longest: t.longestStreak },
    director,
  };
  const meal = fold.cat.levels.meal;
  const checks: HealthCheck[] = [
    check('population_ratio', h.population.ratio, BOUNDS.population_ratio, (v) => v <= BOUNDS.population_ratio),
    check('median_not_broke', end.median, meal, (v) => v >= meal),
    check('collapsed_peak', collapsedPeak, BOUNDS.collapsed_peak, (v) => v < BOUNDS.collapsed_peak),
    check('money_ratio', h.money.ratio, BOUNDS.money_ratio, (v) => v <= BOUNDS.money_ratio),
    check('gini_drift', h.gini.drift, BOUNDS.gini_drift, (v) => v <= BOUNDS.gini_drift),
    check('made_share', made.top ? made.share : null, BOUNDS.made_share, (v) => v <= BOUNDS.made_share),
    check('action_share', actions.top ? actions.share : null, BOUNDS.action_share, (v) => v <= BOUNDS.action_share),
    check('tension_moves', director ? Number(director.left && director.returned) : null, 1, (v) => v === 1),
  ];
  return { ...h, checks };
}

function check(id: HealthCheckId, value: number | null, bound: number, ok: (v: number) => boolean): HealthCheck {
  return { id, value, bound, ok: value === null || !Number.isFinite(value) ? null : ok(value) };
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : a > 0 ? Infinity : 1);

/** The largest count (the first name of equals, by name) and its share of all. */
function top(m: ReadonlyMap<string, number>): { total: number; top: string | null; share: number } {
  let total = 0;
  let best: string | null = null;
  for (const [k, n] of m) {
    total += n;
    if (best === null || n > m.get(best)! || (n === m.get(best)! && k < best)) best = k;
  }
  return { total, top: best, share: best === null ? 0 : m.get(best)! / total };
}

function tensionOf(fold: MetricsFold): Health['director'] {
  const band = fold.cat.scenario.director?.band;
  if (!band) return null;
  const side = (v: number): Side => (v < band.low ? 'below' : v > band.high ? 'above' : 'in');
  let start: Side | null = null;
  let left = false;
  let returned = false;
  let min = Infinity;
  let max = -Infinity;
  for (const r of fold.rows()) {
    if (r.tension === null) continue;
    min = Math.min(min, r.tension);
    max = Math.max(max, r.tension);
    const s = side(r.tension);
    if (start === null) start = s;
    else if (s !== start) left = true;
    else if (left) returned = true;
  }
  if (start === null) return null;
  return { low: band.low, high: band.high, start, left, returned, min, max };
}
