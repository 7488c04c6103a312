import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { policyBrain } from '../bots/brains/policy/index.ts';
import type { Event } from '../sim/model/events.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { memoryStore } from '../adapters/store/memory.ts';
import { World } from '../sim/world.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { FACES_CRITICAL, tally } from './helpers/dice-stats.ts';

/**
 * The dice a bot gets are the dice the screen shows: over a whole run of each shipped pack, the
 * committed checks of every formula (at least 30 of them) have uniform faces and bands at the exact
 * odds of sim/model/dice.ts, chi-square at 99%. A roll that anything could see and then keep out of
 * the log (a refused proposal, a call chosen for its dice) skews one or the other.
 */
const RUNS = [
  { pack: 'riverford', seed: 4, population: 400, ticks: 150 },
  { pack: 'shenzhen', seed: 4, population: 400, ticks: 150 },
];
const MIN_ROLLS = 30;

async function rolls(pack: string, seed: number, population: number, ticks: number): Promise<Extract<Event, { type: 'check_rolled' }>[]> {
  const scenario = await loadScenario(fileURLToPath(new URL(`../scenarios/${pack}`, import.meta.url)));
  const world = await World.open({
    scenario,
    seed,
    population,
    store: memoryStore(),
    brain: policyBrain(),
    engine: ruleEngine(),
    snapshotEvery: 0,
  });
  const out: Extract<Event, { type: 'check_rolled' }>[] = [];
  while (world.tick < ticks) for (const e of await world.step()) if (e.type === 'check_rolled') out.push(e);
  await world.close();
  return out;
}

describe('the committed dice are fair', () => {
  for (const run of RUNS) {
    it(`${run.pack}: ${run.population} bots, ${run.ticks} ticks: every formula's faces and bands`, async () => {
      const all = await rolls(run.pack, run.seed, run.population, run.ticks);
      const tested = [...tally(all)].filter(([, t]) => t.n >= MIN_ROLLS);
      // the run is big enough to test something: the plain dice and at least one other formula
      expect(tested.map(([f]) => f)).toContain('2d6');
      expect(tested.length).toBeGreaterThan(1);
      for (const [formula, t] of tested) {
        const said = `${formula}: n ${t.n}, faces ${t.faces.join(':')}, bands ${t.bands.map((b) => `${b.band} ${b.seen}/${(b.p * t.n).toFixed(1)}`).join(' ')}`;
        expect(t.facesChi2, `faces of ${said}`).toBeLessThan(FACES_CRITICAL);
        expect(t.bandsChi2, `bands of ${said}`).toBeLessThan(t.bandsCritical);
      }
    }, 60_000);
  }
});
