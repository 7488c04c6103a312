/**
 * The MongoDB store through the Store contract. Against a real server whenever MONGODB_URL is set
 * (e.g. MONGODB_URL=mongodb://127.0.0.1:27017 npx vitest run test/store.mongo.test.ts); always
 * against an in-memory stand-in of the driver (helpers/fake-mongo.ts), so the store's own logic is
 * exercised on machines with no MongoDB.
 */
import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { databaseOf, mongoStore, openMongoStore } from '../adapters/store/mongo.ts';
import { eventsFor, META, storeContract } from './store.contract.ts';
import { fakeDb } from './helpers/fake-mongo.ts';

const URL = process.env.MONGODB_URL;
const worldName = () => `test-${process.pid}-${randomBytes(4).toString('hex')}`;

storeContract('mongo (in-memory driver stand-in)', async () => {
  const db = fakeDb();
  const world = worldName();
  return {
    store: mongoStore(db, { world }, async () => {}),
    reopen: async () => mongoStore(db, { world }, async () => {}),
    cleanup: async () => {},
    otherWorld: async () => mongoStore(db, { world: worldName() }, async () => {}),
  };
});

if (URL) {
  storeContract('mongo (MONGODB_URL)', async () => {
    const client = new MongoClient(URL, { ignoreUndefined: true });
    await client.connect();
    const world = worldName();
    const w2 = worldName();
    const dbName = `astinus_test`;
    return {
      store: await openMongoStore(URL, { world, client, dbName }),
      reopen: () => openMongoStore(URL, { world, client, dbName }),
      otherWorld: () => openMongoStore(URL, { world: w2, client, dbName }),
      cleanup: async () => {
        const db = client.db(dbName);
        for (const w of [world, w2]) {
          for (const c of [
            'worlds',
            'events',
            'ticks',
            'snapshots',
            'snapshot_parts',
            'actors',
            'entities',
            'facts',
            'messages',
            'memory_records',
          ]) {
            await db.collection(c).deleteMany(c === 'worlds' ? { _id: w as never } : { world: w });
          }
        }
        await client.close();
      },
    };
  });
} else {
  process.stderr.write('\n[skipped] Store contract against a real MongoDB: set MONGODB_URL (e.g. mongodb://127.0.0.1:27017) to run it.\n');
  describe.skip('Store contract: mongo (MONGODB_URL not set)', () => {
    it('needs MONGODB_URL', () => {});
  });
}

it('the database is the one in the URL, else astinus', () => {
  expect(databaseOf('mongodb://mongo:27017/worlds')).toBe('worlds');
  expect(databaseOf('mongodb://u:p@a:1,b:2/w2?replicaSet=rs')).toBe('w2');
  expect(databaseOf('mongodb+srv://cluster.example/x')).toBe('x');
  expect(databaseOf('mongodb://mongo:27017')).toBe('astinus');
  expect(databaseOf('mongodb://mongo:27017/?retryWrites=true')).toBe('astinus');
});

describe('MongoDB store: what a crash leaves', () => {
  it('events written without their commit marker are never read, and the next writer removes them', async () => {
    const db = fakeDb();
    const world = worldName();
    const first = mongoStore(db, { world }, async () => {});
    await first.acquire(META);
    expect(await first.commitTick(0, eventsFor(0))).toBe('committed');
    // a crash after the events of tick 1, before its marker
    await db.collection('events').insertMany(eventsFor(1, 4, 'torn').map((e) => ({ ...e, world })));
    const reader = mongoStore(db, { world }, async () => {});
    expect(await reader.lastTick()).toBe(0);
    const seen = [];
    for await (const e of reader.readEvents(0, 10)) seen.push(e);
    expect(seen).toEqual(eventsFor(0));
    expect((await reader.load()).ticks).toEqual([{ tick: 0, events: eventsFor(0) }]);
    // the writer died: its lease runs out; the next one cleans up and commits tick 1 afresh
    await db.collection('worlds').updateOne({ _id: world as never }, { $set: { 'writer.expires': new Date(0) } });
    const next = mongoStore(db, { world }, async () => {});
    await next.acquire(META);
    expect((await db.collection('events').find({ world, tick: 1 }).toArray()).length).toBe(0);
    expect(await next.commitTick(1, eventsFor(1))).toBe('committed');
    expect((await next.load()).ticks.map((t) => t.events)).toEqual([eventsFor(0), eventsFor(1)]);
    await next.close();
  });

  it('a snapshot whose state was edited fails its checksum: ignored with a warning, the older one is used', async () => {
    const db = fakeDb();
    const world = worldName();
    const warnings: object[] = [];
    const s = mongoStore(db, { world, log: { warn: (fields) => warnings.push(fields) } }, async () => {});
    await s.acquire(META);
    await s.commitTick(0, eventsFor(0));
    await s.saveSnapshot(0, { money: 10 });
    await s.commitTick(1, eventsFor(1));
    await s.saveSnapshot(1, { money: 20 });
    await db.collection('snapshot_parts').updateOne({ world, tick: 1, part: 0 }, { $set: { data: '{"money":90}' } });
    expect(await s.load()).toMatchObject({ snapshot: { tick: 0, state: { money: 10 } }, ticks: [{ tick: 1 }] });
    expect(warnings).toEqual([{ world, tick: 1, reason: 'checksum mismatch (edited or torn)' }]);
    await s.close();
  });

  it('a snapshot whose head was never written is ignored and its parts removed', async () => {
    const db = fakeDb();
    const world = worldName();
    const s = mongoStore(db, { world }, async () => {});
    await s.acquire(META);
    await s.commitTick(0, eventsFor(0));
    await s.saveSnapshot(0, { good: true });
    await s.commitTick(1, eventsFor(1));
    await db.collection('snapshot_parts').insertOne({ world, tick: 1, part: 0, data: '{"half":' });
    expect((await s.load()).snapshot).toEqual({ tick: 0, state: { good: true } });
    await s.close();
    const t = mongoStore(db, { world }, async () => {});
    await t.acquire(META);
    expect((await db.collection('snapshot_parts').find({ world, tick: 1 }).toArray()).length).toBe(0);
    await t.close();
  });
});
