/**
 * Resident memory of a large world, in its own process so nothing else pollutes RSS.
 * Run by bench/run.ts; prints one JSON object per line on stdout:
 *   {"stage":"open"|"tick", tick?, seconds, rssMiB, heapUsedMiB, maxRssMiB}   after a forced GC
 *   {"stage":"sample", rssMiB}                                               every second, from a thread
 *   {"stage":"done"}
 * A tick is one synchronous stretch of work, so the sampler runs on a worker thread and writes
 * straight to fd 1: it still reports when a tick is too slow for the parent's time budget.
 *
 *   node --expose-gc --import tsx bench/memory.ts [--population 100000] [--ticks 3]
 */
import { writeSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { memoryStore } from '../adapters/store/memory.ts';
import { World } from '../sim/world.ts';
import { judgedCalls, MiB, numArg, policyBrain, progress, ruleEngine, SEED, shenzhen } from './common.ts';

const population = numArg(process.argv, 'population', 100_000);
const ticks = numArg(process.argv, 'ticks', 3);
const gc = globalThis.gc;
if (!gc) throw new Error('run with node --expose-gc');

const emit = (o: object) => writeSync(1, JSON.stringify(o) + '\n');
const sampler = new Worker(
  `const fs = require('node:fs');
   setInterval(() => fs.writeSync(1, JSON.stringify({ stage: 'sample', rssMiB: process.memoryUsage.rss() / ${MiB} }) + '\\n'), 1000);`,
  { eval: true },
);
sampler.unref();

const t0 = performance.now();
const measure = (stage: string, extra: object = {}) => {
  gc();
  const m = process.memoryUsage();
  emit({
    stage,
    ...extra,
    seconds: (performance.now() - t0) / 1000,
    rssMiB: m.rss / MiB,
    heapUsedMiB: m.heapUsed / MiB,
    maxRssMiB: process.resourceUsage().maxRSS / 1024,
  });
};

const world = await World.open({
  scenario: await shenzhen(),
  seed: SEED,
  population,
  store: memoryStore(),
  brain: policyBrain(),
  engine: ruleEngine(),
});
measure('open');
progress(`memory ${population} bots: opened in ${((performance.now() - t0) / 1000).toFixed(1)} s, running ${ticks} ticks`);
for (let i = 0; i < ticks; i++) {
  const t = performance.now();
  const calls = judgedCalls(await world.step());
  measure('tick', { tick: world.tick - 1, calls });
  progress(`memory ${population} bots: tick ${world.tick - 1}: ${calls} calls in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}
await world.close();
emit({ stage: 'done' });
await sampler.terminate();
