import path from 'node:path';
import { translator, type T } from '../../sim/i18n/translator.ts';
import type { MetricsFold } from '../../sim/metrics/fold.ts';
import { metricsOf } from './data-dir.ts';
import { writeMetrics } from '../../sim/metrics/files.ts';
import { METRICS_OPTIONS, MetricsArgs, parse } from './args.ts';
import { Progress } from './progress.ts';
import { engineLinesOf } from '../provenance/commands.ts';

/**
 * `astinus metrics <data-dir> [--out DIR] [--scenario PATH]`: the per-tick figures of a stored world
 * as CSV and JSONL (sim/metrics/README.md). Reads the store without taking the writer's lock, so it
 * works on a run still going (up to its last committed tick). Default out: `<data-dir>/metrics`.
 */
export async function metricsCommand(argv: string[]): Promise<number> {
  const args = parse(argv, METRICS_OPTIONS, ['data'], MetricsArgs);
  const t = translator(args.lang);
  const out = args.out ?? path.join(args.data, 'metrics');
  const fold = await foldShown(args.data, args.scenario, t);
  await writeMetrics(out, fold);
  process.stdout.write(
    t('cli.metrics.done', { ticks: fold.rows().length, facts: fold.facts().length, learned: fold.spread().length, dir: out }) + '\n',
  );
  // which engine wrote the world these figures come from (its manifest.json)
  process.stdout.write((await engineLinesOf(t, args.data)).join('\n') + '\n');
  return 0;
}

/**
 * A stored world's metrics fold (`metricsOf`), with a progress bar over its ticks: what `metrics`,
 * `health`, `panel` and `edges` read (`more` sees each event, the fold and each tick folded).
 */
export async function foldShown(
  data: string,
  scenario: string | undefined,
  t: T,
  more: Pick<Parameters<typeof metricsOf>[1] & object, 'onEvent' | 'onFold'> & { onTick?: (tick: number, fold: MetricsFold) => void } = {},
): Promise<MetricsFold> {
  let progress: Progress | null = null;
  let fold: MetricsFold | null = null;
  return metricsOf(data, {
    scenario,
    onEvent: more.onEvent,
    onFold: (f) => {
      fold = f;
      more.onFold?.(f);
    },
    onStart: (last) => {
      progress = new Progress(last + 1, (done, total) => t('cli.metrics.progress', { done, total }));
    },
    // redrawn every 16 ticks: a terminal is slower than the fold
    onTick: (tick) => {
      more.onTick?.(tick, fold!);
      if (tick % 16 === 0) progress?.update(tick + 1, '');
    },
  }).finally(() => (progress as Progress | null)?.done());
}
