/**
 * A month of each shipped pack on several seeds, read by `astinus health`'s signs (sim/metrics/health.ts):
 * how many seeds meet each bound, and the median and range of each sign's value.
 *
 *   node --import tsx bench/month.ts [--days 30] [--seeds 10] [--jobs 2] [--packs shenzhen,riverford] (default: every shipped pack)
 *
 * Each run is `astinus run <pack> --ticks <days * ticksPerDay> --seed S` in a process of its own, two at a time.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { metricsOf } from '../adapters/cli/data-dir.ts';
import { type HealthCheckId, healthOf } from '../sim/metrics/health.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { numArg, progress, shippedPacks } from './common.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const days = numArg(process.argv, 'days', 30);
const seeds = numArg(process.argv, 'seeds', 10);
const jobs = numArg(process.argv, 'jobs', 2);
const at = process.argv.indexOf('--packs');
const packs = at >= 0 ? process.argv[at + 1].split(',') : shippedPacks();

interface Run {
  pack: string;
  seed: number;
  seconds: number;
  values: Map<HealthCheckId, { value: number | null; ok: boolean | null }>;
}

function run(args: string[]): Promise<number> {
  const t0 = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin/astinus.mjs'), ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
    child.on('close', (code) =>
      code === 0
        ? resolve(Number(process.hrtime.bigint() - t0) / 1e9)
        : reject(new Error(`astinus ${args.join(' ')}: exit ${code}\n${err}`)),
    );
  });
}

async function month(pack: string, seed: number): Promise<Run> {
  const dir = await mkdtemp(join(tmpdir(), 'astinus-month-'));
  try {
    const scenario = await loadScenario(join(ROOT, 'scenarios', pack));
    const ticks = days * scenario.vocabulary.time.ticksPerDay;
    const seconds = await run([
      'run',
      join(ROOT, 'scenarios', pack),
      '--ticks',
      String(ticks),
      '--seed',
      String(seed),
      '--data',
      join(dir, 'w'),
      '--quiet',
    ]);
    const h = healthOf(await metricsOf(join(dir, 'w')));
    progress(`${pack} seed ${seed}: ${h.checks.filter((c) => c.ok).length} of ${h.checks.length} signs met in ${seconds.toFixed(1)} s`);
    return { pack, seed, seconds, values: new Map(h.checks.map((c) => [c.id, { value: c.value, ok: c.ok }])) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const todo = packs.flatMap((p) => Array.from({ length: seeds }, (_, i) => [p, i + 1] as const));
const done: Run[] = [];
await Promise.all(
  Array.from({ length: jobs }, async () => {
    for (let next = todo.shift(); next; next = todo.shift()) done.push(await month(...next));
  }),
);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const f = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(3));
for (const pack of packs) {
  const runs = done.filter((r) => r.pack === pack);
  console.log(
    `\n${pack}: ${days} days, seeds 1-${seeds}; a run took ${f(median(runs.map((r) => r.seconds)))} s (median, ${jobs} at a time)`,
  );
  console.log('| sign | seeds met | median | range |');
  console.log('| --- | --- | --- | --- |');
  for (const id of runs[0].values.keys()) {
    const vs = runs.map((r) => r.values.get(id)!).filter((v) => v.value !== null);
    const xs = vs.map((v) => v.value!);
    const met = vs.filter((v) => v.ok).length;
    console.log(
      `| ${id} | ${met} of ${runs.length} | ${xs.length ? f(median(xs)) : '-'} | ${xs.length ? `${f(Math.min(...xs))} to ${f(Math.max(...xs))}` : '-'} |`,
    );
  }
}
