import type { Event } from '../model/events.ts';
import { type LoadedWorld, type Snapshot, type Store, type StoreMeta, StoreGapError, type TickRecord, WriterConflictError } from './types.ts';

/**
 * A store that keeps the log in this process: for runs without `--data`, and for tests. It obeys
 * the same contract as the embedded and MongoDB stores; its snapshots are deep copies.
 */
export function memoryStore(): Store {
  let meta: StoreMeta | null = null;
  let held = false;
  const ticks: TickRecord[] = [];
  let snapshot: Snapshot | null = null;
  const lastTick = () => (ticks.length ? ticks[ticks.length - 1].tick : -1);
  return {
    async acquire(m) {
      if (held) throw new WriterConflictError('this process');
      held = true;
      meta ??= m;
      return meta;
    },
    async lastTick() {
      return lastTick();
    },
    async commitTick(tick, events) {
      if (!held) throw new Error('commitTick without acquire');
      if (tick <= lastTick()) return 'duplicate';
      if (tick !== lastTick() + 1) throw new StoreGapError(lastTick() + 1, tick);
      ticks.push({ tick, events: structuredClone(events) });
      return 'committed';
    },
    async saveSnapshot(tick, state) {
      snapshot = { tick, state: structuredClone(state) };
    },
    async load<S>() {
      const snap = snapshot && { tick: snapshot.tick, state: structuredClone(snapshot.state) as S };
      return { meta, snapshot: snap, ticks: ticks.filter((t) => t.tick > (snap?.tick ?? -1)) } as LoadedWorld<S>;
    },
    async *readEvents(from, to): AsyncIterable<Event> {
      for (const t of ticks) if (t.tick >= from && t.tick <= to) yield* t.events;
    },
    async close() {
      held = false;
    },
  };
}
