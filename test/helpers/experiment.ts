import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { toCsv, type Cell } from '../../adapters/experiment/csv.ts';

/** The columns of metrics.csv, in the contract's order (adapters/experiment/README.md). */
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
  'act_use_resource',
  'act_interact',
  'act_move',
  'act_create',
  'act_express',
  'action_entropy',
  'strat_work',
  'strat_trade',
  'strat_art',
  'strat_teach',
  'strat_gossip',
  'strat_social',
  'strat_explore',
  'strat_rest',
  'strategy_entropy',
  'checks',
  'checks_critical',
  'checks_full',
  'checks_cost',
  'checks_fail',
  'facts',
  'knowings',
  'interventions',
  'tokens',
  'tokens_per_bot_hour',
];

/**
 * A run directory as `astinus metrics` leaves it, made by hand: `ticks` rows whose gini and density
 * are given per tick, ten actions a tick split as given, and one labelled fact whose known counts
 * (out of `population`) are given from its origin tick on.
 */
export interface FakeRun {
  gini: number[];
  density: number[];
  population?: number;
  acts?: [number, number, number, number, number];
  fact?: { label: string; origin: number; known: number[]; half: number | null };
}

export async function writeFakeRun(dir: string, r: FakeRun): Promise<void> {
  const pop = r.population ?? 10;
  const acts = r.acts ?? [2, 3, 1, 1, 3];
  const rows: Cell[][] = r.gini.map((g, tick) =>
    METRICS_COLUMNS.map((c) => {
      switch (c) {
        case 'tick':
          return tick;
        case 'population':
          return pop;
        case 'gini':
          return g;
        case 'density':
          return r.density[tick];
        case 'actions':
          return acts.reduce((a, b) => a + b, 0);
        case 'act_use_resource':
          return acts[0];
        case 'act_interact':
          return acts[1];
        case 'act_move':
          return acts[2];
        case 'act_create':
          return acts[3];
        case 'act_express':
          return acts[4];
        case 'checks':
        case 'tokens':
          return 0;
        case 'tokens_per_bot_hour':
          return 0;
        case 'action_entropy':
          return 2.1;
        default:
          return tick;
      }
    }),
  );
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'metrics.csv'), toCsv(METRICS_COLUMNS, rows));
  const f = r.fact;
  const diffusion: Cell[][] = f
    ? f.known.map((k, i) => [f.origin + i, 'f:1', f.label, k, i === 0 ? k : k - f.known[i - 1], pop, k / pop])
    : [];
  await writeFile(path.join(dir, 'diffusion.csv'), toCsv(['tick', 'fact', 'label', 'known', 'learned', 'reachable', 'share'], diffusion));
  const facts: Cell[][] = f
    ? [['f:1', f.label, 'false', 'a1', f.origin, f.known[f.known.length - 1], pop, f.half, Math.max(...f.known)]]
    : [];
  await writeFile(
    path.join(dir, 'facts.csv'),
    toCsv(['fact', 'label', 'truth', 'origin_actor', 'origin_tick', 'known', 'reachable', 'half_tick', 'peak_known'], facts),
  );
}
