import { deserialize, serialize } from 'node:v8';
import type { Event } from '../../sim/model/events.ts';
import type { RecordKind, RecordKinds } from '../../sim/model/records.ts';
import { pageOf } from './records.ts';
import {
  type LoadedWorld,
  type Snapshot,
  type Store,
  type StoreMeta,
  StoreGapError,
  type TickRecord,
  WriterConflictError,
} from '../../sim/ports/store.ts';

/** The world's log in this process's memory: what the embedded store keeps on disk. */
export interface MemoryDb {
  meta: StoreMeta | null;
  /**
   * each tick's events in V8's structured-clone format: the same copy `structuredClone` makes, in
   * less than half the memory the objects take (a run of 100,000 bots keeps about a million events)
   */
  ticks: { tick: number; events: Buffer }[];
  /** the state likewise serialized */
  snapshot: { tick: number; state: Buffer } | null;
  writer: object | null;
  /** players' session records per kind (made on first use) */
  records?: { [K in RecordKind]: RecordKinds[K][] };
}

export const memoryDb = (): MemoryDb => ({ meta: null, ticks: [], snapshot: null, writer: null, records: { messages: [], memory: [] } });

/**
 * A store with no disk: for runs without `--data`, and for tests. Several handles on one MemoryDb
 * behave like several processes on one data directory (one writer at a time). It passes the same
 * contract as the embedded and MongoDB stores; everything stored is a copy.
 */
export function memoryStore(db: MemoryDb = memoryDb()): Store {
  const me = {};
  const last = () => (db.ticks.length ? db.ticks[db.ticks.length - 1].tick : -1);
  const writable = () => {
    if (db.writer !== me) throw new Error('this store does not hold the writer lease');
  };
  return {
    async acquire(m) {
      if (db.writer !== null && db.writer !== me) throw new WriterConflictError('another handle in this process');
      db.writer = me;
      db.meta ??= structuredClone(m);
      return structuredClone(db.meta);
    },
    async lastTick() {
      return last();
    },
    async commitTick(tick, events) {
      writable();
      if (tick <= last()) return 'duplicate';
      if (tick !== last() + 1) throw new StoreGapError(last() + 1, tick);
      db.ticks.push({ tick, events: serialize(events) });
      return 'committed';
    },
    async saveSnapshot(tick, state) {
      writable();
      if (tick > last()) throw new Error(`cannot snapshot tick ${tick}: the last committed tick is ${last()}`);
      db.snapshot = { tick, state: serialize(state) };
    },
    async load<S>() {
      const snap: Snapshot<S> | null = db.snapshot && { tick: db.snapshot.tick, state: deserialize(db.snapshot.state) as S };
      const ticks: TickRecord[] = db.ticks
        .filter((t) => t.tick > (snap?.tick ?? -1))
        .map((t) => ({ tick: t.tick, events: deserialize(t.events) as Event[] }));
      return { meta: db.meta && structuredClone(db.meta), snapshot: snap, ticks } as LoadedWorld<S>;
    },
    async *readEvents(from, to): AsyncIterable<Event> {
      for (const t of db.ticks) if (t.tick >= from && t.tick <= to) yield* deserialize(t.events) as Event[];
    },
    async appendRecords(kind, recs) {
      writable();
      const list = (db.records ??= { messages: [], memory: [] })[kind] as { n: number }[];
      const out = recs.map((r, i) => ({ n: list.length + i, ...structuredClone(r) }));
      list.push(...out);
      return structuredClone(out) as never;
    },
    async readRecords(kind, player, page) {
      const list = (db.records?.[kind] ?? []) as RecordKinds[typeof kind][];
      return structuredClone(
        pageOf(
          list.filter((r) => r.player === player),
          page,
        ),
      ) as never;
    },
    async close() {
      if (db.writer === me) db.writer = null;
    },
  };
}
