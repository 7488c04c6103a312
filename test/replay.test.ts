import { asking } from './helpers/requests.ts';
import { JOIN } from '../sim/tick/requests.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { policyBrain } from '../bots/brains/policy/index.ts';
import type { Brain } from '../bots/brains/types.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { canonicalJson } from '../sim/lib/canonical.ts';
import { memoryDb, memoryStore } from '../adapters/store/memory.ts';
import type { Catalog } from '../sim/scenario/catalog.ts';
import { World } from '../sim/world.ts';
import { localDeliberation } from '../sim/tick/deliberation.ts';
import { shenzhen } from './helpers/world.ts';

let cat: Catalog;
beforeAll(async () => {
  cat = await shenzhen();
});

const open = (db = memoryDb(), brain: Brain = policyBrain(), seed = 4) =>
  World.open({ scenario: cat.scenario, seed, population: null, store: memoryStore(db), brain, engine: ruleEngine(), snapshotEvery: 25 });

describe('the world state is a fold of committed events', () => {
  it('reopening from snapshot + log rebuilds exactly the live state, and the run goes on identically', async () => {
    const db = memoryDb();
    const live = await open(db);
    for (let t = 0; t < 60; t++) await live.step();
    const liveState = canonicalJson(live.state);
    await live.close();
    const again = await open(db);
    expect(again.tick).toBe(60);
    expect(canonicalJson(again.state)).toBe(liveState);
    await again.close();

    const straight = await open();
    for (let t = 0; t < 60; t++) await straight.step();
    expect(canonicalJson(straight.state)).toBe(liveState);
    await straight.close();
  });

  it('a second writer for the same world refuses to start', async () => {
    const db = memoryDb();
    const first = await open(db);
    await expect(open(db)).rejects.toThrow(/another/);
    await first.close();
  });

  it('a continued log must match: another seed on the same data is refused', async () => {
    const db = memoryDb();
    const first = await open(db);
    await first.step();
    await first.close();
    await expect(open(db, policyBrain(), 5)).rejects.toThrow(/seed/);
  });

  it("a brain's invalid output is an error on the record, never a change", async () => {
    const bad: Brain = {
      name: 'bad',
      decide: (_c, p) =>
        ({ id: 'x', actor: p.self.id, tool: 'move', args: { destination: 'dongmen', mode: 'walk', from: 'luohu_station' } }) as never,
    };
    const w = await open(memoryDb(), bad);
    const where = Object.fromEntries(Object.values(w.state.actors).map((a) => [a.id, a.location]));
    const events = await w.step();
    const failed = events.filter((e) => e.type === 'call_failed');
    expect(failed.length).toBeGreaterThan(0);
    for (const e of failed) expect(e).toMatchObject({ failed: { status: 'error', reason: { code: 'invalid_call' } } });
    expect(events.some((e) => e.type === 'moved')).toBe(false);
    expect(Object.fromEntries(Object.values(w.state.actors).map((a) => [a.id, a.location]))).toEqual(where);
    await w.close();
  });
});

describe('a tick is all or nothing, in memory as on disk', () => {
  it('a tick that fails after folding some of its events leaves the state exactly as before; the next tick runs as if it never happened', async () => {
    const flaky = (armed: { on: boolean }) => {
      const inner = localDeliberation(policyBrain(), ruleEngine());
      return {
        decide: async (...a: Parameters<typeof inner.decide>) => {
          if (armed.on) {
            armed.on = false;
            throw new Error('a worker went away');
          }
          return inner.decide(...a);
        },
        resolve: inner.resolve,
      };
    };
    const armed = { on: false };
    const world = await World.open({
      scenario: cat.scenario,
      seed: 4,
      population: null,
      store: memoryStore(),
      brain: policyBrain(),
      engine: ruleEngine(),
      deliberation: flaky(armed),
    });
    for (let t = 0; t < 10; t++) await world.step();
    const before = canonicalJson(world.state);
    const held = world.state;
    // the join is folded before anyone decides: the failure comes after the state has changed
    armed.on = true;
    const join = { actor: 'newcomer', name: { cn: '新人', en: 'Newcomer' }, concept: '', place: 'dongmen' };
    await expect(world.step(asking(JOIN, [join]))).rejects.toThrow('a worker went away');
    expect(world.state).toBe(held);
    expect(canonicalJson(world.state)).toBe(before);
    expect(Object.hasOwn(world.state.actors, 'newcomer')).toBe(false);
    await world.step();

    const straight = await open();
    for (let t = 0; t < 11; t++) await straight.step();
    expect(canonicalJson(world.state)).toBe(canonicalJson(straight.state));
  });
});
