import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { type Collection, type Db, type Document, MongoClient, MongoServerError } from 'mongodb';
import type { Event } from '../../sim/model/events.ts';
import { redact } from '../queue/connection.ts';
import { LocalizedError } from '../../sim/i18n/errors.ts';
import type { WorldState } from '../../sim/state/types.ts';
import { checksum } from '../../sim/lib/canonical.ts';
import { processWarnings, type StoreLog } from './snapshot.ts';
import { eventFilter, type EventQuery, type Filter, pageSize, type StateQuery, toPage, type WorldQuery } from './query.ts';
import type { RecordKind } from '../../sim/model/records.ts';
import {
  type LoadedWorld,
  type Projecting,
  type Snapshot,
  type Store,
  type StoreMeta,
  StoreGapError,
  type TickRecord,
  WriterConflictError,
} from '../../sim/ports/store.ts';

/**
 * The MongoDB store (official driver). One database holds any number of worlds, each document
 * tagged with its world:
 *
 * | collection | holds |
 * | --- | --- |
 * | `worlds` | `{_id: world, meta, writer: {token, holder, expires} | null}`: meta, the writer lease |
 * | `events` | one document per event, its own fields plus `world`; unique on (world, tick, seq) |
 * | `ticks` | the commit marker of each tick `{world, tick, count}`, unique on (world, tick) |
 * | `snapshots`, `snapshot_parts` | a snapshot's JSON in parts of at most 2M characters, the head document written last |
 * | `actors`, `entities`, `facts` | the current state, one document per thing, for queries (dashboard) |
 * | `messages`, `memory_records` | players' session records `{world, n, player, tick, ...}`, unique on (world, n), read by (world, player, n) |
 *
 * A tick is visible once its marker exists, and the marker is written after its events: a crash in
 * between leaves events no reader returns, and the next writer deletes them when it acquires the
 * world. A repeated commit of a tick that has its marker is a no-op. The query filters are the same
 * MongoDB filters the embedded store evaluates with mingo (query.ts).
 */
export interface MongoStoreOptions {
  /** the world's name in the database */
  world: string;
  /** database name (default: the one in the URL, else `astinus`) */
  dbName?: string;
  /** a connected client to use (not closed by the store); else one is made from the URL and closed with the store */
  client?: MongoClient;
  /** how long the writer lease lasts without renewal (ms); it is renewed at every commit and every third of it */
  leaseMs?: number;
  snapshotKeep?: number;
  /** where a skipped snapshot is reported (default: process warnings) */
  log?: StoreLog;
}

const PART = 2_000_000;
const DUP = 11000;

type WorldDoc = { _id: string; meta: StoreMeta; writer: { token: string; holder: string; expires: Date } | null };

export type MongoStore = Store & Projecting & { query(): WorldQuery };

export async function openMongoStore(url: string, o: MongoStoreOptions): Promise<MongoStore> {
  const own = !o.client;
  const client = o.client ?? new MongoClient(url, { ignoreUndefined: true, serverSelectionTimeoutMS: 10_000 });
  if (own) {
    try {
      await client.connect();
    } catch (err) {
      await client.close().catch(() => {});
      throw new LocalizedError('backends.store.unreachable', { url: redact(url), detail: (err as Error).message });
    }
  }
  const db = client.db(o.dbName ?? databaseOf(url));
  await ensureIndexes(db);
  return mongoStore(db, o, own ? () => client.close() : async () => {});
}

/** The database named in a MongoDB URL's path, else `astinus` (the driver's own default would be `test`). */
export function databaseOf(url: string): string {
  return /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]+)/.exec(url)?.[1] ?? 'astinus';
}

/** where each kind of players' session record lives */
export const RECORD_COLLECTIONS: Record<RecordKind, string> = { messages: 'messages', memory: 'memory_records' };

const indexed = new WeakSet<Db>();
/** The indexes every world relies on (idempotent). */
export async function ensureIndexes(db: Db): Promise<void> {
  if (indexed.has(db)) return;
  await Promise.all([
    db.collection('events').createIndex({ world: 1, tick: 1, seq: 1 }, { unique: true }),
    db.collection('ticks').createIndex({ world: 1, tick: 1 }, { unique: true }),
    db.collection('snapshots').createIndex({ world: 1, tick: 1 }, { unique: true }),
    db.collection('snapshot_parts').createIndex({ world: 1, tick: 1, part: 1 }, { unique: true }),
    ...['actors', 'entities', 'facts'].map((c) => db.collection(c).createIndex({ world: 1, id: 1 }, { unique: true })),
    ...Object.values(RECORD_COLLECTIONS).flatMap((c) => [
      db.collection(c).createIndex({ world: 1, n: 1 }, { unique: true }),
      db.collection(c).createIndex({ world: 1, player: 1, n: 1 }),
    ]),
  ]);
  indexed.add(db);
}

/** The store over a database handle; `release` runs at close. Exported for tests with another driver-compatible Db. */
export function mongoStore(db: Db, o: MongoStoreOptions, release: () => Promise<void>): MongoStore {
  const world = o.world;
  const warn = o.log ?? processWarnings;
  const leaseMs = o.leaseMs ?? 30_000;
  const keep = o.snapshotKeep ?? 2;
  const worlds = db.collection<WorldDoc>('worlds');
  const events = db.collection('events');
  const ticks = db.collection('ticks');
  const snapshots = db.collection('snapshots');
  const parts = db.collection('snapshot_parts');
  const state: Record<'actors' | 'entities' | 'facts', Collection> = {
    actors: db.collection('actors'),
    entities: db.collection('entities'),
    facts: db.collection('facts'),
  };
  const recordsOf = (kind: RecordKind) => db.collection(RECORD_COLLECTIONS[kind]);
  /** the next record number per kind, learned from the database at the first append after acquiring */
  const nextRecord: Partial<Record<RecordKind, number>> = {};
  const token = randomBytes(12).toString('hex');
  const holder = `${hostname()}:${process.pid}:${token.slice(0, 6)}`;
  let holding = false;
  let closed = false;
  let renew: NodeJS.Timeout | null = null;
  // what this writer last published per document, so a tick writes only what changed
  const published = { actors: new Map<string, string>(), entities: new Map<string, string>(), facts: new Map<string, string>() };

  const expiry = () => new Date(Date.now() + leaseMs);
  const strip = <T>(d: Document): T => {
    const { _id, world: _w, ...rest } = d;
    return rest as T;
  };

  async function lastTick(): Promise<number> {
    const m = await ticks.find({ world }).sort({ tick: -1 }).limit(1).toArray();
    return m.length ? (m[0].tick as number) : -1;
  }

  /** Renew the lease, and fail if it is not ours any more. */
  async function writable(): Promise<void> {
    if (!holding || closed) throw new Error('this store does not hold the writer lease');
    const r = await worlds.updateOne({ _id: world, 'writer.token': token }, { $set: { 'writer.expires': expiry() } });
    if (r.matchedCount === 0) {
      holding = false;
      throw new Error('this store lost the writer lease');
    }
  }

  async function readTicks(from: number, to: number): Promise<TickRecord[]> {
    if (to < from) return [];
    const out: TickRecord[] = [];
    for (let t = from; t <= to; t++) out.push({ tick: t, events: [] });
    for await (const d of events.find({ world, tick: { $gte: from, $lte: to } }).sort({ tick: 1, seq: 1 }))
      out[(d.tick as number) - from].events.push(strip<Event>(d));
    return out;
  }

  async function readSnapshot<S>(): Promise<Snapshot<S> | null> {
    for (const head of await snapshots.find({ world }).sort({ tick: -1 }).toArray()) {
      const chunks = await parts.find({ world, tick: head.tick }).sort({ part: 1 }).toArray();
      const json = chunks.map((c) => c.data as string).join('');
      let reason =
        chunks.length !== head.parts
          ? `${chunks.length} of ${head.parts} parts`
          : checksum(json) !== head.sum
            ? 'checksum mismatch (edited or torn)'
            : '';
      if (!reason) {
        try {
          return { tick: head.tick as number, state: JSON.parse(json) as S };
        } catch (err) {
          reason = `not valid JSON (${(err as Error).message})`;
        }
      }
      // a damaged snapshot: an older one, or the log, rebuilds the same world
      warn.warn({ world, tick: head.tick, reason }, 'snapshot ignored; the world is rebuilt from the log');
    }
    return null;
  }

  const store: MongoStore = {
    async acquire(meta) {
      if (closed) throw new Error('this store is closed');
      await worlds.updateOne({ _id: world }, { $setOnInsert: { meta, writer: null } }, { upsert: true }).catch((err: unknown) => {
        if (!(err instanceof MongoServerError && err.code === DUP)) throw err;
      });
      const now = new Date();
      const took = await worlds.findOneAndUpdate(
        { _id: world, $or: [{ writer: null }, { 'writer.expires': { $lt: now } }, { 'writer.token': token }] },
        { $set: { writer: { token, holder, expires: expiry() } } },
        { returnDocument: 'after' },
      );
      if (!took) {
        const cur = await worlds.findOne({ _id: world });
        throw new WriterConflictError(cur?.writer?.holder ?? 'unknown');
      }
      holding = true;
      for (const k of Object.keys(nextRecord) as RecordKind[]) delete nextRecord[k];
      renew ??= setInterval(
        () => {
          void writable().catch(() => {});
        },
        Math.max(1000, leaseMs / 3),
      );
      renew.unref();
      // whatever a crashed writer left half-written is not part of the world
      const last = await lastTick();
      await events.deleteMany({ world, tick: { $gt: last } });
      const heads = new Set((await snapshots.find({ world }).project({ tick: 1 }).toArray()).map((s) => s.tick as number));
      const orphans = (await parts.distinct('tick', { world })).filter((t) => !heads.has(t as number));
      if (orphans.length) await parts.deleteMany({ world, tick: { $in: orphans } });
      return structuredClone(took.meta);
    },
    lastTick,
    async commitTick(tick, evs) {
      await writable();
      const last = await lastTick();
      if (tick <= last) return 'duplicate';
      if (tick !== last + 1) throw new StoreGapError(last + 1, tick);
      // leftovers of an attempt at this tick that never got its marker
      await events.deleteMany({ world, tick });
      // through JSON, as the embedded log stores them (no undefined, no -0): both stores read back the same
      if (evs.length)
        await events.insertMany(
          (JSON.parse(JSON.stringify(evs)) as Document[]).map((e) => ({ ...e, world })),
          { ordered: true },
        );
      try {
        await ticks.insertOne({ world, tick, count: evs.length });
      } catch (err) {
        if (err instanceof MongoServerError && err.code === DUP) return 'duplicate';
        throw err;
      }
      return 'committed';
    },
    async saveSnapshot(tick, s) {
      await writable();
      const last = await lastTick();
      if (tick > last) throw new Error(`cannot snapshot tick ${tick}: the last committed tick is ${last}`);
      const json = JSON.stringify(s);
      const chunks: string[] = [];
      for (let i = 0; i < json.length || i === 0; i += PART) chunks.push(json.slice(i, i + PART));
      await parts.deleteMany({ world, tick });
      await parts.insertMany(chunks.map((data, part) => ({ world, tick, part, data })));
      await snapshots.replaceOne({ world, tick }, { world, tick, parts: chunks.length, sum: checksum(json) }, { upsert: true });
      const old = await snapshots.find({ world }).sort({ tick: -1 }).skip(keep).project({ tick: 1 }).toArray();
      if (old.length) {
        const gone = old.map((d) => d.tick as number);
        await snapshots.deleteMany({ world, tick: { $in: gone } });
        await parts.deleteMany({ world, tick: { $in: gone } });
      }
    },
    async load<S>() {
      const doc = await worlds.findOne({ _id: world });
      const last = await lastTick();
      const snapshot = await readSnapshot<S>();
      return {
        meta: doc ? structuredClone(doc.meta) : null,
        snapshot,
        ticks: await readTicks((snapshot?.tick ?? -1) + 1, last),
      } as LoadedWorld<S>;
    },
    async *readEvents(from, to) {
      const last = Math.min(to, await lastTick());
      if (last < from) return;
      for await (const d of events.find({ world, tick: { $gte: from, $lte: last } }).sort({ tick: 1, seq: 1 })) yield strip<Event>(d);
    },
    async appendRecords(kind, recs) {
      await writable();
      if (!recs.length) return [];
      const c = recordsOf(kind);
      const first =
        nextRecord[kind] ?? (((await c.find({ world }).sort({ n: -1 }).limit(1).toArray())[0]?.n as number | undefined) ?? -1) + 1;
      // through JSON, as the embedded file stores them: both stores read back the same
      const out = (JSON.parse(JSON.stringify(recs)) as Document[]).map((r, i) => ({ n: first + i, ...r }));
      delete nextRecord[kind];
      await c.insertMany(
        out.map((r) => ({ ...r, world })),
        { ordered: true },
      );
      nextRecord[kind] = first + out.length;
      return out as never;
    },
    async readRecords(kind, player, page) {
      const c = recordsOf(kind);
      const limit = Math.max(0, Math.floor(page.limit));
      if (limit === 0) return [];
      if (page.after !== undefined) {
        return (
          await c
            .find({ world, player, n: { $gt: page.after } })
            .sort({ n: 1 })
            .limit(limit)
            .toArray()
        ).map((d) => strip(d)) as never;
      }
      const filter = page.before === undefined ? { world, player } : { world, player, n: { $lt: page.before } };
      return (await c.find(filter).sort({ n: -1 }).limit(limit).toArray()).reverse().map((d) => strip(d)) as never;
    },
    async publishState(_tick, s: WorldState) {
      if (!holding || closed) return;
      for (const kind of ['actors', 'entities', 'facts'] as const) {
        const docs = s[kind] as Record<string, { id: string }>;
        const seen = published[kind];
        const first = seen.size === 0;
        const ops: Document[] = [];
        for (const id in docs) {
          const json = JSON.stringify(docs[id]);
          if (seen.get(id) === json) continue;
          seen.set(id, json);
          ops.push({ replaceOne: { filter: { world, id }, replacement: { ...JSON.parse(json), world }, upsert: true } });
        }
        for (const id of [...seen.keys()]) {
          if (id in docs) continue;
          seen.delete(id);
          ops.push({ deleteOne: { filter: { world, id } } });
        }
        if (first) ops.push({ deleteMany: { filter: { world, id: { $nin: Object.keys(docs) } } } });
        if (ops.length) await state[kind].bulkWrite(ops as never, { ordered: false });
      }
    },
    query(): WorldQuery {
      const find = async <T>(kind: keyof typeof state, q: StateQuery = {}): Promise<T[]> => {
        const c = state[kind].find({ $and: [{ world }, q.filter ?? {}] } as Filter).sort(q.sort ?? { id: 1 });
        if (q.skip) c.skip(q.skip);
        return (await c.limit(pageSize(q.limit)).toArray()).map((d) => strip<T>(d));
      };
      return {
        async events(q: EventQuery = {}) {
          const limit = pageSize(q.limit);
          const docs = await events
            .find({ $and: [{ world }, eventFilter(q, await lastTick())] } as Filter)
            .sort({ tick: 1, seq: 1 })
            .limit(limit + 1)
            .toArray();
          return toPage(
            docs.map((d) => strip<Event>(d)),
            limit,
          );
        },
        actors: (q) => find('actors', q),
        entities: (q) => find('entities', q),
        facts: (q) => find('facts', q),
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      if (renew) clearInterval(renew);
      if (holding) await worlds.updateOne({ _id: world, 'writer.token': token }, { $set: { writer: null } }).catch(() => {});
      holding = false;
      await release();
    },
  };
  return store;
}
