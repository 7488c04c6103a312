/**
 * Are the committed dice fair? Runs each shipped pack with the stock brain and engine and prints,
 * per formula of the committed `check_rolled` events: how many, the faces of every die, the faces'
 * chi-square, and how often each band came up against the exact odds of sim/model/dice.ts. Figures
 * only, no assertions (test/dice.fair.test.ts asserts on a smaller run).
 *
 *   node --import tsx bench/dice.ts                    two 600-bot runs (seeds 4 and 5) of every pack, 200 ticks
 *   --population N --ticks N --seeds 4,5 --packs riverford,shenzhen --by word
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Event } from '../sim/model/events.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { memoryStore } from '../adapters/store/memory.ts';
import { World } from '../sim/world.ts';
import { numArg, policyBrain, progress, ruleEngine } from './common.ts';
import { FACES_CRITICAL, tally, type Tally } from '../test/helpers/dice-stats.ts';

const argv = process.argv.slice(2);
const text = (name: string): string | undefined => {
  const i = argv.indexOf(`--${name}`);
  return i < 0 ? undefined : argv[i + 1];
};
const population = numArg(argv, 'population', 600);
const ticks = numArg(argv, 'ticks', 200);
const seeds = (text('seeds') ?? '4,5').split(',').map(Number);
const byWord = text('by') === 'word';
const root = fileURLToPath(new URL('../scenarios', import.meta.url));
const packs =
  text('packs')?.split(',') ??
  readdirSync(root)
    .filter((d) => statSync(join(root, d)).isDirectory())
    .sort();

for (const pack of packs) {
  const scenario = await loadScenario(join(root, pack));
  const rolls: Extract<Event, { type: 'check_rolled' }>[] = [];
  for (const seed of seeds) {
    const t0 = performance.now();
    const world = await World.open({
      scenario,
      seed,
      population,
      store: memoryStore(),
      brain: policyBrain(),
      engine: ruleEngine(),
      snapshotEvery: 0,
    });
    while (world.tick < ticks) for (const e of await world.step()) if (e.type === 'check_rolled') rolls.push(e);
    await world.close();
    progress(`${pack} seed ${seed}: ${ticks} ticks of ${population} bots in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const t = tally(rolls, byWord ? (e) => `${e.word} ${e.formula}` : undefined);
  console.log(`\n${pack}: ${population} bots, ${ticks} ticks, seeds ${seeds.join(', ')}: ${rolls.length} committed checks`);
  for (const [key, x] of [...t].sort(([, a], [, b]) => b.n - a.n)) console.log(line(key, x));
}

function line(key: string, x: Tally): string {
  const bands = x.bands.map((b) => `${b.band} ${((b.seen / x.n) * 100).toFixed(1)}% (exact ${(b.p * 100).toFixed(1)}%)`).join(', ');
  return (
    `  ${key.padEnd(16)} n ${String(x.n).padStart(5)}  faces ${x.faces.join(':')}  chi2 ${x.facesChi2.toFixed(1)} (df 5, 99% < ${FACES_CRITICAL})` +
    `  bands ${bands}  chi2 ${x.bandsChi2.toFixed(1)} (df ${x.bandsDf}, 99% < ${x.bandsCritical.toFixed(2)})`
  );
}
