import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { MetricsFold } from './fold.ts';
import { healthOf } from './health.ts';
import { csv, DIFFUSION_COLUMNS, FACT_COLUMNS, jsonLine, SPREAD_COLUMNS } from './rows.ts';

/** The files a run's metrics are, in the order they are written (metrics.csv last: its presence means all are there). */
export const METRICS_FILES = ['metrics.jsonl', 'diffusion.csv', 'facts.csv', 'spread.csv', 'health.json', 'metrics.csv'] as const;

/** The text of each file, from a fold that kept its diffusion. */
export function metricsFiles(fold: MetricsFold): Record<(typeof METRICS_FILES)[number], string> {
  return {
    'metrics.jsonl': fold
      .rows()
      .map((r) => jsonLine(fold.columns(), r) + '\n')
      .join(''),
    'diffusion.csv': csv(DIFFUSION_COLUMNS, fold.diffusion()),
    'facts.csv': csv(FACT_COLUMNS, fold.facts()),
    'spread.csv': csv(SPREAD_COLUMNS, fold.spread()),
    'health.json': JSON.stringify(healthOf(fold), null, 2) + '\n',
    'metrics.csv': csv(fold.columns(), fold.rows()),
  };
}

/**
 * Write the files into `dir`, each whole or not at all (a temp file, flushed, then renamed over):
 * a run killed while writing leaves either the old file or the new one, never half of one.
 */
export async function writeMetrics(dir: string, fold: MetricsFold): Promise<void> {
  await mkdir(dir, { recursive: true });
  const files = metricsFiles(fold);
  for (const name of METRICS_FILES) {
    const target = path.join(dir, name);
    const tmp = `${target}.${process.pid}.tmp`;
    try {
      const fh = await open(tmp, 'w');
      try {
        await fh.writeFile(files[name]);
        await fh.sync();
      } finally {
        await fh.close();
      }
      await rename(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }
}
