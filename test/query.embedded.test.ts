/**
 * The query layer: MongoDB filters over a world's events and current state. Evaluated with mingo
 * on the embedded store, and the same queries through the MongoDB store's projections and filters
 * (on the in-memory stand-in of the driver) give the same answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyBrain } from '../bots/brains/policy/index.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import type { Event } from '../sim/model/events.ts';
import { openEmbeddedStore } from '../adapters/store/embedded.ts';
import { mongoStore } from '../adapters/store/mongo.ts';
import { MAX_LIMIT, queryOf, type WorldQuery } from '../adapters/store/query.ts';
import { World } from '../sim/world.ts';
import { removeDir, tempDir } from './helpers/cli.ts';
import { fakeDb } from './helpers/fake-mongo.ts';
import { shenzhen } from './helpers/world.ts';

const TICKS = 30;

describe('query layer', () => {
  let dir: string;
  let world: World;
  let mongoWorld: World;
  let q: WorldQuery;
  let mq: WorldQuery;
  let all: Event[];
  let db: ReturnType<typeof fakeDb>;

  beforeAll(async () => {
    const cat = await shenzhen();
    dir = await tempDir('astinus-query-');
    const open = (store: Parameters<typeof World.open>[0]['store']) =>
      World.open({
        scenario: cat.scenario,
        seed: 5,
        population: null,
        store,
        brain: policyBrain(),
        engine: ruleEngine(),
        snapshotEvery: 10,
      });
    world = await open(await openEmbeddedStore(dir));
    db = fakeDb();
    const ms = mongoStore(db, { world: 'q' }, async () => {});
    mongoWorld = await open(ms);
    while (world.tick < TICKS) await world.step();
    while (mongoWorld.tick < TICKS) await mongoWorld.step();
    q = queryOf(world);
    mq = queryOf(mongoWorld);
    all = [];
    for await (const e of world.store.readEvents(0, TICKS)) all.push(e);
  });
  afterAll(async () => {
    await world.close();
    await mongoWorld.close();
    await removeDir(dir);
  });

  /** every page of a query, following `next` */
  async function pages(query: WorldQuery, base: Parameters<WorldQuery['events']>[0]): Promise<{ events: Event[]; count: number }> {
    const events: Event[] = [];
    let after;
    let count = 0;
    do {
      const page = await query.events({ ...base, after });
      events.push(...page.events);
      after = page.next ?? undefined;
      count++;
    } while (after);
    return { events, count };
  }

  it('events by tick range and type, a page at a time, in commit order', async () => {
    const want = all.filter((e) => e.tick >= 5 && e.tick <= 20 && (e.type === 'action' || e.type === 'moved'));
    expect(want.length).toBeGreaterThan(25);
    const got = await pages(q, { from: 5, to: 20, type: ['action', 'moved'], limit: 10 });
    expect(got.events).toEqual(want);
    // a last full page may or may not be followed by an empty one; never more pages than that
    expect(got.count).toBeGreaterThanOrEqual(Math.ceil(want.length / 10));
    expect(got.count).toBeLessThanOrEqual(Math.ceil(want.length / 10) + 1);
    expect((await q.events({ type: 'tick_summary', limit: MAX_LIMIT })).events.map((e) => e.tick)).toEqual([...Array(TICKS).keys()]);
  });

  it('events involving one actor, with a further filter', async () => {
    const actor = (all.find((e) => e.type === 'action') as Extract<Event, { type: 'action' }>).actor;
    const involves = (e: Event) => ['actor', 'from', 'to', 'by'].some((k) => (e as Record<string, unknown>)[k] === actor);
    expect((await pages(q, { actor, limit: 7 })).events).toEqual(all.filter(involves));
    const tools = await q.events({ actor, type: 'action', filter: { 'call.tool': { $in: ['move', 'express'] } }, limit: MAX_LIMIT });
    expect(tools.events).toEqual(all.filter((e) => involves(e) && e.type === 'action' && ['move', 'express'].includes(e.call.tool)));
  });

  it('current actors, entities and facts by filter, sorted and paged', async () => {
    const actors = Object.values(world.state.actors);
    const rich = await q.actors({ filter: { money: { $gt: 500 }, status: 'alive' } });
    expect(rich.map((a) => a.id)).toEqual(
      actors
        .filter((a) => a.money > 500 && a.status === 'alive')
        .map((a) => a.id)
        .sort(),
    );
    const byMoney = await q.actors({ sort: { money: -1, id: 1 }, limit: 3, skip: 1 });
    expect(byMoney.map((a) => a.money)).toEqual(
      actors
        .map((a) => a.money)
        .sort((x, y) => y - x)
        .slice(1, 4),
    );
    const entities = Object.values(world.state.entities);
    expect(entities.length).toBeGreaterThan(0);
    const owned = await q.entities({ filter: { owner: { $ne: null } } });
    expect(owned.map((e) => e.id)).toEqual(
      entities
        .filter((e) => e.owner !== null)
        .map((e) => e.id)
        .sort(),
    );
    expect((await q.facts({})).length).toBe(Math.min(Object.keys(world.state.facts).length, 100));
    // results are copies: changing them changes nothing
    rich[0].money = -1;
    expect(world.state.actors[rich[0].id].money).toBeGreaterThan(500);
  });

  it('the MongoDB store answers the same queries the same way', async () => {
    expect(mongoWorld.state).toEqual(world.state);
    for (const eq of [
      { from: 5, to: 20, type: ['action', 'moved'] as Event['type'][], limit: 10 },
      { actor: world.state.actors[Object.keys(world.state.actors)[0]].id, limit: 9 },
    ]) {
      expect(await pages(mq, eq)).toEqual(await pages(q, eq));
    }
    for (const sq of [
      { filter: { money: { $gt: 500 } } },
      { sort: { money: -1 as const, id: 1 as const }, limit: 3, skip: 1 },
      { filter: { tags: { $size: 0 } } },
    ]) {
      expect(await mq.actors(sq)).toEqual(await q.actors(sq));
    }
    expect(await mq.entities({ filter: { owner: { $ne: null } } })).toEqual(await q.entities({ filter: { owner: { $ne: null } } }));
    expect(await mq.facts()).toEqual(await q.facts());
  });

  it('a world reopened from the MongoDB store (snapshot + log) is the world that was left', async () => {
    const cat = await shenzhen();
    const reader = mongoStore(db, { world: 'q' }, async () => {});
    const loaded = await reader.load();
    expect(loaded.snapshot?.tick).toBe(29);
    const reopened = mongoStore(db, { world: 'q' }, async () => {});
    await mongoWorld.close();
    const again = await World.open({
      scenario: cat.scenario,
      seed: 5,
      population: null,
      store: reopened,
      brain: policyBrain(),
      engine: ruleEngine(),
      snapshotEvery: 10,
    });
    expect(again.state).toEqual(world.state);
    const events: Event[] = [];
    for await (const e of reopened.readEvents(0, TICKS)) events.push(e);
    expect(events).toEqual(all);
    mongoWorld = again;
  });

  it('a page size out of range is refused; a huge one is capped', async () => {
    await expect(q.events({ limit: 0 })).rejects.toThrow(RangeError);
    expect((await q.events({ limit: 10 ** 9 })).events.length).toBe(Math.min(all.length, MAX_LIMIT));
  });
});
