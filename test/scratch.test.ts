import { describe, expect, it } from 'vitest';
import { scored } from '../bots/brains/policy/index.ts';
import { perceive } from '../bots/perception.ts';
import { judgeAhead } from '../sim/gm/ahead.ts';
import { buildCatalog } from '../sim/scenario/catalog.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { indexPlaces } from '../sim/state/place-index.ts';
import type { WorldState } from '../sim/state/types.ts';
import { openWorld, ROOT } from './helpers/world.ts';

/** Freeze every object reachable from `x`: in a module (strict mode) any write to it then throws. */
function deepFreeze<T>(x: T): T {
  if (x && typeof x === 'object' && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

/**
 * A dry run (an offer's preview, the game master's next actions) judges a call on a scratch copy of the
 * state: it may write nothing of the live world. The live state is frozen here, so any write throws,
 * whatever part of the state it touches; every option each person's brain weighs is dry-run on it.
 */
describe.each(['shenzhen', 'riverford', 'vesta_ring'])('a dry run in %s', (pack) => {
  it('writes nothing of the live state, for every option anyone weighs, and accepts some', async () => {
    const scenario = await loadScenario(`${ROOT}scenarios/${pack}`);
    const cat = buildCatalog(scenario);
    // mornings of the second day, when sources with a daily budget have paid some of it, not all
    const world = await openWorld(scenario, 3);
    for (let t = 0; t < scenario.vocabulary.time.ticksPerDay; t++) await world.step();
    let accepted = 0;
    let tried = 0;
    let spent = 0;
    for (let i = 0; i < 8; i++) {
      await world.step();
      await world.step();
      const live = deepFreeze(structuredClone(world.state) as WorldState);
      const before = JSON.stringify(live);
      const tick = live.tick + 1;
      const index = indexPlaces(cat, live);
      for (const a of Object.values(live.actors)) {
        if (a.status !== 'alive') continue;
        for (const c of scored(cat, perceive(cat, live, index, a.id, tick), live.seed)) {
          tried++;
          const ahead = judgeAhead(cat, live, c.call);
          if (ahead.reason !== null) continue;
          accepted++;
          // the preview paid from a source's daily budget: on its own copy of the day's book
          if (JSON.stringify(ahead.state.minted) !== JSON.stringify(live.minted)) spent++;
        }
      }
      expect(JSON.stringify(live)).toBe(before);
    }
    expect(tried).toBeGreaterThan(50);
    expect(accepted).toBeGreaterThan(10);
    expect(spent, 'some option is paid from a budgeted source').toBeGreaterThan(0);
    await world.close();
  }, 120_000);
});
