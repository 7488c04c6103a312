import { beforeAll, describe, expect, it } from 'vitest';
import { perceive, type Perception } from '../bots/perception.ts';
import { policyBrain } from '../bots/brains/policy/index.ts';
import type { Brain } from '../bots/brains/types.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import type { Catalog } from '../sim/scenario/catalog.ts';
import { indexPlaces } from '../sim/state/place-index.ts';
import { memoryStore } from '../adapters/store/memory.ts';
import { World } from '../sim/world.ts';
import { act } from './helpers/act.ts';
import { call, fresh, place, shenzhen } from './helpers/world.ts';

let cat: Catalog;
beforeAll(async () => {
  cat = await shenzhen();
});

describe('perception is isolated', () => {
  it('a bot sees what happened where it was, and nothing of what happened elsewhere', () => {
    const s = fresh(cat, 5);
    place(s, 'lin_feng', 'dongmen');
    place(s, 'fang_lan', 'dongmen');
    place(s, 'zhao_lei', 'huaqiangbei');
    place(s, 'xu_na', 'huaqiangbei');
    act(cat, s, call('zhao_lei', 'interact', { target: 'xu_na', manner: 'hostile', content: { key: 'say.get_lost' } }));
    act(
      cat,
      s,
      call('fang_lan', 'express', { channel: 'shout', content: { key: 'say.moment', params: { place: { ref: 'place', id: 'dongmen' } } } }),
    );
    const p = perceive(cat, s, indexPlaces(cat, s), 'lin_feng', s.tick + 1);
    const seen = JSON.stringify(p.recent);
    expect(seen).toContain('fang_lan');
    expect(seen).not.toContain('zhao_lei');
    expect(seen).not.toContain('xu_na');
    const people = p.people.map((n) => n.id);
    expect(people).toContain('fang_lan');
    expect(people).not.toContain('zhao_lei');
    expect(people).not.toContain('xu_na');
  });

  it('no fact reaches a perception with its truth, and nobody elsewhere appears among the people present', async () => {
    const seen: Perception[] = [];
    const inner = policyBrain();
    const spy: Brain = {
      name: 'spy',
      decide: (c, p, seed) => {
        seen.push(structuredClone(p));
        return inner.decide(c, p, seed);
      },
    };
    const world = await World.open({
      scenario: cat.scenario,
      seed: 11,
      population: null,
      store: memoryStore(),
      brain: spy,
      engine: ruleEngine(),
    });
    const where: Record<string, string>[] = [];
    for (let t = 0; t < 60; t++) {
      where[t] = Object.fromEntries(Object.values(world.state.actors).map((a) => [a.id, a.location]));
      await world.step();
    }
    expect(seen.length).toBeGreaterThan(100);
    for (const p of seen) {
      expect(JSON.stringify(p)).not.toContain('"truth"');
      for (const n of p.people) expect(where[p.tick][n.id]).toBe(p.self.location);
      for (const o of p.recent) expect(o.tick).toBeLessThan(p.tick);
    }
    await world.close();
  });
});
