/**
 * What the metrics fold (sim/metrics) costs a live world per tick, at 1,000 and 10,000 bots:
 * `read` is what the server and `run --metrics` pay (the fold reads the world's own state after
 * each tick), `fold` what `astinus metrics` pays (it also folds the events into its own state).
 * Beside them, the tick itself, for scale. `node --import tsx bench/metrics.ts [--ticks N] [--bots a,b]`
 */
import { MetricsFold } from '../sim/metrics/fold.ts';
import { initialState } from '../sim/state/initial.ts';
import { memoryStore } from '../adapters/store/memory.ts';
import { World } from '../sim/world.ts';
import type { Event } from '../sim/model/events.ts';
import { numArg, policyBrain, round, ruleEngine, SEED, shenzhen } from './common.ts';

const argv = process.argv.slice(2);
const ticks = numArg(argv, 'ticks', 10);
const i = argv.indexOf('--bots');
const sizes = i >= 0 ? argv[i + 1].split(',').map(Number) : [1000, 10000];
const scenario = await shenzhen();
const rows: Record<string, unknown>[] = [];
for (const bots of sizes) {
  const world = await World.open({
    scenario,
    seed: SEED,
    population: bots,
    store: memoryStore(),
    brain: policyBrain(),
    engine: ruleEngine(),
    snapshotEvery: 0,
  });
  const read = new MetricsFold(world.cat, world.state, { keepDiffusion: false });
  read.adopt(world.state);
  const own = new MetricsFold(world.cat, initialState(world.cat, SEED, bots));
  const log: Event[][] = [];
  let tickMs = 0,
    readMs = 0,
    edges = 0;
  for (let t = 0; t < ticks; t++) {
    const t0 = performance.now();
    const events = await world.step();
    const t1 = performance.now();
    edges = read.add(events).relations;
    readMs += performance.now() - t1;
    tickMs += t1 - t0;
    log.push(events);
  }
  const t2 = performance.now();
  for (const events of log) own.add(events);
  const foldMs = performance.now() - t2;
  await world.close();
  rows.push({
    bots,
    ticks,
    edges,
    'tick ms': round(tickMs / ticks),
    'read ms/tick': round(readMs / ticks, 2),
    'fold ms/tick': round(foldMs / ticks, 2),
    'read share': `${round((100 * readMs) / tickMs)}%`,
  });
}
console.table(rows);
