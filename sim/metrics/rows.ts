import { TOOL_NAMES } from '../model/tools.ts';
import { STRATEGIES } from '../model/strategy.ts';

/*
 * The rows the fold makes and the files `astinus metrics` writes. Column names and their order are
 * a contract with researchers' scripts (and `astinus experiment`): new columns only at the end.
 * Units and definitions: sim/metrics/README.md.
 */

export const ACT_TOOLS = TOOL_NAMES;
export const STRAT_COLUMNS = STRATEGIES;
/** check columns and the band each counts */
export const BAND_COLUMNS = [
  ['checks_critical', 'critical'],
  ['checks_full', 'full'],
  ['checks_cost', 'partial'],
  ['checks_fail', 'fail'],
] as const;

/** null: not applicable (an empty cell) */
type Num = number | null;

export type TickRow = {
  tick: number;
  population: number;
  gini: number;
  money_p10: number;
  money_p50: number;
  money_p90: number;
  money_total: number;
  relations: number;
  density: Num;
  reciprocity: Num;
  clustering: Num;
  actions: number;
  rejections: number;
  action_entropy: Num;
  strategy_entropy: Num;
  checks: number;
  facts: number;
  knowings: number;
  interventions: number;
  tokens: number;
  tokens_per_bot_hour: Num;
  claims_made: number;
  claims_contradicted: number;
  claims_held: number;
  /** the director's tension and phase at the end of the tick, and its proposals that tick (null: the pack has no director) */
  tension: Num;
  phase: string | null;
  director_accepted: number;
  director_refused: number;
  /** living actors who cannot pay for the pack's typical meal, and those unconscious or dying, at the end of the tick */
  broke: number;
  collapsed: number;
  /** living actors still in play who are not players: not locked away, not gone (those who left are out of play) */
  residents: number;
  /** committed actions by tool, every tool a world used (the dashboard's chart); not a CSV column */
  tools: Record<string, number>;
} & { [K in `act_${(typeof ACT_TOOLS)[number]}`]: number } & { [K in `strat_${(typeof STRAT_COLUMNS)[number]}`]: number } & {
  [K in (typeof BAND_COLUMNS)[number][0]]: number;
} /** each of the pack's director measures (director.json), 0..100: columns after the fixed ones */ & {
  [K in `measure_${string}`]: number;
};

export const METRICS_COLUMNS = [
  'tick',
  'population',
  'gini',
  'money_p10',
  'money_p50',
  'money_p90',
  'money_total',
  'relations',
  'density',
  'reciprocity',
  'clustering',
  'actions',
  'rejections',
  ...ACT_TOOLS.map((t) => `act_${t}` as const),
  'action_entropy',
  ...STRAT_COLUMNS.map((s) => `strat_${s}` as const),
  'strategy_entropy',
  'checks',
  ...BAND_COLUMNS.map(([c]) => c),
  'facts',
  'knowings',
  'interventions',
  'tokens',
  'tokens_per_bot_hour',
  'claims_made',
  'claims_contradicted',
  'claims_held',
  'tension',
  'phase',
  'director_accepted',
  'director_refused',
  'broke',
  'collapsed',
  'residents',
] as const satisfies readonly (keyof TickRow)[];

export interface DiffusionRow {
  tick: number;
  fact: string;
  label: string | null;
  known: number;
  learned: number;
  reachable: number;
  share: Num;
}
export const DIFFUSION_COLUMNS = [
  'tick',
  'fact',
  'label',
  'known',
  'learned',
  'reachable',
  'share',
] as const satisfies readonly (keyof DiffusionRow)[];

export interface FactRow {
  fact: string;
  label: string | null;
  truth: boolean;
  origin_actor: string;
  origin_tick: number;
  known: number;
  reachable: number;
  half_tick: number | null;
  peak_known: number;
}
export const FACT_COLUMNS = [
  'fact',
  'label',
  'truth',
  'origin_actor',
  'origin_tick',
  'known',
  'reachable',
  'half_tick',
  'peak_known',
] as const satisfies readonly (keyof FactRow)[];

export interface SpreadRow {
  tick: number;
  fact: string;
  actor: string;
  from: string;
  channel: string;
}
export const SPREAD_COLUMNS = ['tick', 'fact', 'actor', 'from', 'channel'] as const satisfies readonly (keyof SpreadRow)[];

/** A number as a plain decimal: no exponent, at most 6 decimals, trailing zeros trimmed. */
export function num(x: number): string {
  if (!Number.isFinite(x)) return '';
  if (Number.isInteger(x) && Math.abs(x) < 1e21) return x.toFixed(0);
  const s = x.toFixed(6).replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
}

/** One CSV cell: numbers plain, null empty, booleans true/false, text quoted when it must be. */
export function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return num(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csv<R>(columns: readonly (keyof R & string)[], rows: Iterable<R>): string {
  let out = columns.join(',') + '\n';
  for (const r of rows) out += columns.map((c) => cell(r[c])).join(',') + '\n';
  return out;
}

/** The same row as one JSON line, in column order, numbers rounded as in the CSV. */
export function jsonLine<R>(columns: readonly (keyof R & string)[], r: R): string {
  const o: Record<string, unknown> = {};
  for (const c of columns) {
    const v = r[c];
    o[c] = typeof v === 'number' ? Number(num(v)) : (v ?? null);
  }
  return JSON.stringify(o);
}
