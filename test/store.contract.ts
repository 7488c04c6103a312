/**
 * What every Store implementation must do. An implementation's test file calls
 * storeContract(name, make) with a factory for a fresh, empty world; `reopen` opens another Store
 * on the same world (a second process, in effect), `cleanup` removes the world.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Event } from '../sim/model/events.ts';
import type { MemoryRecord, NewRecord, SessionMessage } from '../sim/model/records.ts';
import { StoreGapError, WriterConflictError, type Store, type StoreMeta } from '../sim/ports/store.ts';

export interface StoreFixture {
  store: Store;
  reopen: () => Promise<Store>;
  cleanup: () => Promise<void>;
  /** a Store on another world in the same place (the same directory root or database), where there is one */
  otherWorld?: () => Promise<Store>;
}

export const META: StoreMeta = { world: 'w1', scenario: 'test', scenarioHash: 'abc123', seed: 7, population: null };

/** `n` small synthetic events for `tick`, tagged so they can be told apart. */
export function eventsFor(tick: number, n = 3, tag = 'x'): Event[] {
  return Array.from({ length: n }, (_, seq) => ({ tick, seq, type: 'addressed', actor: `a${seq}`, by: tag }) as Event);
}

/** A player's words or the game master's text, told apart by `i`. */
export function messageFor(player: string, tick: number, i: number): NewRecord<'messages'> {
  return i % 2 === 0
    ? { player, tick, from: 'player', kind: 'intent', text: `words ${i} of ${player}`, lang: 'en' }
    : { player, tick, from: 'gm', kind: 'narration', dialog_type: 'resolution_summary', text: { cn: `第${i}句`, en: `line ${i}` } };
}

export function memoryFor(player: string, tick: number, i: number): NewRecord<'memory'> {
  return {
    player,
    tick,
    kind: 'chapter_advanced',
    summary: { cn: `记忆${i}`, en: `memory ${i}` },
    importance: 7,
    chapter: `c${i}`,
    ...(i % 3 === 0 ? { embedding: [0.25, -1, i] } : {}),
  };
}

const numbered = <R>(recs: R[], from: number) => recs.map((r, i) => ({ n: from + i, ...r }));

async function collect(it: AsyncIterable<Event>): Promise<Event[]> {
  const out: Event[] = [];
  for await (const e of it) out.push(e);
  return out;
}

export function storeContract(name: string, make: () => Promise<StoreFixture>): void {
  describe(`Store contract: ${name}`, () => {
    let fx: StoreFixture;
    let opened: Store[];

    /** another Store on the same world, closed after the test */
    async function another(): Promise<Store> {
      const s = await fx.reopen();
      opened.push(s);
      return s;
    }

    async function commitRange(store: Store, from: number, to: number, n = 3): Promise<void> {
      for (let t = from; t <= to; t++) expect(await store.commitTick(t, eventsFor(t, n))).toBe('committed');
    }

    beforeEach(async () => {
      fx = await make();
      opened = [fx.store];
    });

    afterEach(async () => {
      for (const s of opened) await s.close().catch(() => {});
      await fx.cleanup();
    });

    it('starts empty', async () => {
      expect(await fx.store.lastTick()).toBe(-1);
      const world = await fx.store.load();
      expect(world).toEqual({ meta: null, snapshot: null, ticks: [] });
      expect(await collect(fx.store.readEvents(0, 100))).toEqual([]);
    });

    it('commit then load returns the ticks', async () => {
      await fx.store.acquire(META);
      await commitRange(fx.store, 0, 2);
      expect(await fx.store.lastTick()).toBe(2);
      const world = await fx.store.load();
      expect(world.meta).toEqual(META);
      expect(world.snapshot).toBeNull();
      expect(world.ticks).toEqual([0, 1, 2].map((t) => ({ tick: t, events: eventsFor(t) })));
    });

    it('committed ticks survive close and reopen, and committing continues after them', async () => {
      await fx.store.acquire(META);
      await commitRange(fx.store, 0, 1);
      await fx.store.close();
      const s = await another();
      expect(await s.lastTick()).toBe(1);
      await s.acquire(META);
      expect(await s.lastTick()).toBe(1);
      expect(await s.commitTick(2, eventsFor(2))).toBe('committed');
      expect((await s.load()).ticks.map((r) => r.tick)).toEqual([0, 1, 2]);
    });

    it('a tick with no events is still a committed tick', async () => {
      await fx.store.acquire(META);
      expect(await fx.store.commitTick(0, [])).toBe('committed');
      expect(await fx.store.lastTick()).toBe(0);
      expect((await fx.store.load()).ticks).toEqual([{ tick: 0, events: [] }]);
    });

    it('committing the same tick twice is a duplicate and changes nothing', async () => {
      await fx.store.acquire(META);
      await commitRange(fx.store, 0, 1);
      expect(await fx.store.commitTick(1, eventsFor(1))).toBe('duplicate');
      // even with different content: the first commit stands
      expect(await fx.store.commitTick(0, eventsFor(0, 5, 'other'))).toBe('duplicate');
      expect(await fx.store.lastTick()).toBe(1);
      expect(await collect(fx.store.readEvents(0, 1))).toEqual([...eventsFor(0), ...eventsFor(1)]);
      const s = await another();
      expect((await s.load()).ticks).toEqual([0, 1].map((t) => ({ tick: t, events: eventsFor(t) })));
    });

    it('a gap throws StoreGapError and commits nothing', async () => {
      await fx.store.acquire(META);
      await expect(fx.store.commitTick(1, eventsFor(1))).rejects.toBeInstanceOf(StoreGapError);
      await commitRange(fx.store, 0, 0);
      const err = await fx.store.commitTick(2, eventsFor(2)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StoreGapError);
      expect(err).toMatchObject({ expected: 1, got: 2 });
      expect(await fx.store.lastTick()).toBe(0);
      expect(await fx.store.commitTick(1, eventsFor(1))).toBe('committed');
    });

    it('commits need the writer lease', async () => {
      await expect(fx.store.commitTick(0, eventsFor(0))).rejects.toThrow();
      await fx.store.acquire(META);
      await commitRange(fx.store, 0, 0);
      const reader = await another();
      await expect(reader.commitTick(1, eventsFor(1))).rejects.toThrow();
      await expect(reader.saveSnapshot(0, { x: 1 })).rejects.toThrow();
    });

    it('readEvents returns exactly the events of the ticks in range, in order', async () => {
      await fx.store.acquire(META);
      await commitRange(fx.store, 0, 5);
      expect(await collect(fx.store.readEvents(2, 4))).toEqual([...eventsFor(2), ...eventsFor(3), ...eventsFor(4)]);
      expect(await collect(fx.store.readEvents(5, 5))).toEqual(eventsFor(5));
      expect(await collect(fx.store.readEvents(4, 99))).toEqual([...eventsFor(4), ...eventsFor(5)]);
      expect(await collect(fx.store.readEvents(6, 9))).toEqual([]);
      expect(await collect(fx.store.readEvents(3, 2))).toEqual([]);
      // stopping early is allowed
      for await (const e of fx.store.readEvents(0, 5)) {
        expect(e.tick).toBe(0);
        break;
      }
    });

    it('reading works without the lease while a writer is live', async () => {
      await fx.store.acquire(META);
      await commitRange(fx.store, 0, 2);
      const reader = await another();
      expect(await reader.lastTick()).toBe(2);
      expect(await collect(reader.readEvents(1, 1))).toEqual(eventsFor(1));
      await commitRange(fx.store, 3, 4);
      expect(await reader.lastTick()).toBe(4);
      expect((await reader.load()).ticks.map((r) => r.tick)).toEqual([0, 1, 2, 3, 4]);
      expect(await collect(reader.readEvents(4, 4))).toEqual(eventsFor(4));
    });

    it('load returns the newest snapshot and only the ticks after it', async () => {
      await fx.store.acquire(META);
      await commitRange(fx.store, 0, 2);
      await fx.store.saveSnapshot(1, { at: 1 });
      await fx.store.saveSnapshot(2, { at: 2, nested: { list: [1, 2, 3] } });
      await commitRange(fx.store, 3, 4);
      const world = await fx.store.load<{ at: number }>();
      expect(world.snapshot).toEqual({ tick: 2, state: { at: 2, nested: { list: [1, 2, 3] } } });
      expect(world.ticks).toEqual([3, 4].map((t) => ({ tick: t, events: eventsFor(t) })));
      // the same from another Store
      const s = await another();
      expect(await s.load()).toEqual(world);
    });

    it('a snapshot at the last tick leaves no ticks to replay', async () => {
      await fx.store.acquire(META);
      await commitRange(fx.store, 0, 1);
      await fx.store.saveSnapshot(1, 'state');
      expect(await fx.store.load()).toMatchObject({ snapshot: { tick: 1, state: 'state' }, ticks: [] });
    });

    it('refuses a snapshot of a tick that is not committed', async () => {
      await fx.store.acquire(META);
      await commitRange(fx.store, 0, 1);
      await expect(fx.store.saveSnapshot(2, {})).rejects.toThrow();
    });

    it('a second writer is refused while the first holds the world, and allowed after close', async () => {
      expect(await fx.store.acquire(META)).toEqual(META);
      const second = await another();
      const err = await second.acquire(META).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(WriterConflictError);
      expect((err as WriterConflictError).holder).toBeTruthy();
      await commitRange(fx.store, 0, 0);
      await fx.store.close();
      expect(await second.acquire(META)).toEqual(META);
      expect(await second.commitTick(1, eventsFor(1))).toBe('committed');
      // and the first, closed, cannot write any more
      await expect(fx.store.commitTick(2, eventsFor(2))).rejects.toThrow();
    });

    it('acquire twice on the same Store is harmless', async () => {
      expect(await fx.store.acquire(META)).toEqual(META);
      expect(await fx.store.acquire(META)).toEqual(META);
      await commitRange(fx.store, 0, 0);
    });

    describe("players' session records", () => {
      it('are appended numbered from 0 per kind and read back per player, oldest first', async () => {
        await fx.store.acquire(META);
        const msgs = [0, 1, 2, 3].map((i) => messageFor(i % 2 ? 'p2' : 'p1', 5 + i, i));
        const got = await fx.store.appendRecords('messages', msgs);
        expect(got).toEqual(numbered(msgs, 0));
        expect(await fx.store.appendRecords('messages', [messageFor('p1', 9, 4)])).toEqual(numbered([messageFor('p1', 9, 4)], 4));
        const mem = [memoryFor('p1', 6, 0), memoryFor('p1', 7, 1)];
        expect(await fx.store.appendRecords('memory', mem)).toEqual(numbered(mem, 0));
        expect(await fx.store.appendRecords('memory', [])).toEqual([]);
        const p1: SessionMessage[] = await fx.store.readRecords('messages', 'p1', { limit: 10 });
        expect(p1).toEqual([
          { n: 0, ...msgs[0] },
          { n: 2, ...msgs[2] },
          { n: 4, ...messageFor('p1', 9, 4) },
        ]);
        expect(await fx.store.readRecords('messages', 'p2', { limit: 10 })).toEqual([
          { n: 1, ...msgs[1] },
          { n: 3, ...msgs[3] },
        ]);
        const m1: MemoryRecord[] = await fx.store.readRecords('memory', 'p1', { limit: 10 });
        expect(m1).toEqual(numbered(mem, 0));
        // nobody else's, and nothing for a name every object answers to
        expect(await fx.store.readRecords('memory', 'p2', { limit: 10 })).toEqual([]);
        expect(await fx.store.readRecords('messages', '__proto__', { limit: 10 })).toEqual([]);
        expect(await fx.store.readRecords('messages', 'constructor', { limit: 10 })).toEqual([]);
        // records are not world state: the log is untouched
        expect(await fx.store.lastTick()).toBe(-1);
      });

      it('page: the newest N, then older ones before a cursor, or newer ones after it', async () => {
        await fx.store.acquire(META);
        // p1 holds the even numbers 0..18, p2 the odd ones
        await fx.store.appendRecords(
          'messages',
          Array.from({ length: 20 }, (_, i) => messageFor(i % 2 ? 'p2' : 'p1', i, i)),
        );
        const ns = async (page: { after?: number; before?: number; limit: number }) =>
          (await fx.store.readRecords('messages', 'p1', page)).map((m) => m.n);
        expect(await ns({ limit: 3 })).toEqual([14, 16, 18]);
        expect(await ns({ before: 14, limit: 3 })).toEqual([8, 10, 12]);
        expect(await ns({ before: 13, limit: 3 })).toEqual([8, 10, 12]);
        expect(await ns({ before: 2, limit: 3 })).toEqual([0]);
        expect(await ns({ before: 0, limit: 3 })).toEqual([]);
        expect(await ns({ after: -1, limit: 4 })).toEqual([0, 2, 4, 6]);
        expect(await ns({ after: 6, limit: 2 })).toEqual([8, 10]);
        expect(await ns({ after: 17, limit: 5 })).toEqual([18]);
        expect(await ns({ after: 18, limit: 5 })).toEqual([]);
        expect(await ns({ limit: 100 })).toHaveLength(10);
      });

      it('need the writer lease to append, not to read', async () => {
        await expect(fx.store.appendRecords('messages', [messageFor('p1', 0, 0)])).rejects.toThrow();
        await fx.store.acquire(META);
        await fx.store.appendRecords('messages', [messageFor('p1', 0, 0)]);
        const reader = await another();
        await expect(reader.appendRecords('memory', [memoryFor('p1', 0, 0)])).rejects.toThrow();
        expect(await reader.readRecords('messages', 'p1', { limit: 5 })).toEqual(numbered([messageFor('p1', 0, 0)], 0));
        // a reader follows what the writer appends after it first looked
        await fx.store.appendRecords('messages', [messageFor('p1', 1, 2)]);
        expect((await reader.readRecords('messages', 'p1', { limit: 5 })).map((m) => m.n)).toEqual([0, 1]);
      });

      it('survive close and reopen, and numbering continues after them', async () => {
        await fx.store.acquire(META);
        await fx.store.appendRecords('messages', [messageFor('p1', 0, 0), messageFor('p1', 0, 1)]);
        await fx.store.appendRecords('memory', [memoryFor('p1', 0, 0)]);
        await fx.store.close();
        const s = await another();
        expect(await s.readRecords('messages', 'p1', { limit: 5 })).toEqual(numbered([messageFor('p1', 0, 0), messageFor('p1', 0, 1)], 0));
        await s.acquire(META);
        expect(await s.appendRecords('messages', [messageFor('p1', 1, 2)])).toEqual(numbered([messageFor('p1', 1, 2)], 2));
        expect(await s.appendRecords('memory', [memoryFor('p1', 1, 3)])).toEqual(numbered([memoryFor('p1', 1, 3)], 1));
        expect((await s.readRecords('memory', 'p1', { limit: 5 })).map((m) => m.n)).toEqual([0, 1]);
      });

      it('are kept per world', async () => {
        if (!fx.otherWorld) return;
        const other = await fx.otherWorld();
        opened.push(other);
        await fx.store.acquire(META);
        await other.acquire({ ...META, world: 'w2' });
        await fx.store.appendRecords('messages', [messageFor('p1', 0, 0)]);
        expect(await other.appendRecords('messages', [messageFor('p1', 0, 1)])).toEqual(numbered([messageFor('p1', 0, 1)], 0));
        expect(await fx.store.readRecords('messages', 'p1', { limit: 5 })).toEqual(numbered([messageFor('p1', 0, 0)], 0));
        expect(await other.readRecords('messages', 'p1', { limit: 5 })).toEqual(numbered([messageFor('p1', 0, 1)], 0));
      });
    });

    it('meta recorded on first acquire is returned on later ones', async () => {
      expect(await fx.store.acquire(META)).toEqual(META);
      await fx.store.close();
      const s = await another();
      const other: StoreMeta = { ...META, scenarioHash: 'different', seed: 8, population: 100 };
      expect(await s.acquire(other)).toEqual(META);
      expect((await s.load()).meta).toEqual(META);
    });
  });
}
