import type { Event } from '../model/events.ts';
import type { WorldState } from '../state/types.ts';
import type { NewRecord, RecordKind, RecordKinds, RecordPage } from '../model/records.ts';

/** What a data directory (or database) was created for; continuing it with anything else is refused. */
export interface StoreMeta {
  world: string;
  scenario: string;
  scenarioHash: string;
  seed: number;
  population: number | null;
  /**
   * a fork (`astinus fork`): its first `at` ticks are the original's, made with the original's
   * `seed` (its people were drawn with it); `seed` above is the one the fork runs on from `at`.
   * Not compared when a world is opened: `seed` is.
   */
  origin?: { seed: number; at: number };
}

export interface TickRecord {
  tick: number;
  events: Event[];
}

export interface Snapshot<S = unknown> {
  tick: number;
  state: S;
}

export interface LoadedWorld<S = unknown> {
  meta: StoreMeta | null;
  /** the newest snapshot, if any */
  snapshot: Snapshot<S> | null;
  /** every committed tick after the snapshot, in order */
  ticks: TickRecord[];
}

/**
 * The event log of one world. Ticks are committed whole or not at all, in order, and committing a
 * tick that is already there changes nothing. Snapshots only speed up loading.
 * Implementations: embedded, memory and MongoDB (adapters/store/embedded.ts, memory.ts, mongo.ts). All pass
 * test/store.contract.ts.
 */
export interface Store {
  /**
   * Become the single writer of the world: refuses (WriterConflictError) while another live writer
   * holds it. Records `meta` on first open; afterwards returns the recorded meta for the caller to
   * compare.
   */
  acquire(meta: StoreMeta): Promise<StoreMeta>;
  /** -1 when nothing is committed */
  lastTick(): Promise<number>;
  /** tick must be lastTick + 1 (a new tick) or <= lastTick (a duplicate: a no-op) */
  commitTick(tick: number, events: Event[]): Promise<'committed' | 'duplicate'>;
  saveSnapshot<S>(tick: number, state: S): Promise<void>;
  load<S>(): Promise<LoadedWorld<S>>;
  /** committed events with from <= tick <= to, in commit order */
  readEvents(from: number, to: number): AsyncIterable<Event>;
  /**
   * Append records of players' sessions (sim/model/records.ts: `messages`, `memory`), numbered on
   * from the kind's last `n`; returns them numbered. Needs the writer lease. Records are never world
   * state: they are what was said, kept beside the log.
   */
  appendRecords<K extends RecordKind>(kind: K, records: NewRecord<K>[]): Promise<RecordKinds[K][]>;
  /** One player's records of a kind, a page at a time (RecordPage), oldest first; no lease needed. */
  readRecords<K extends RecordKind>(kind: K, player: string, page: RecordPage): Promise<RecordKinds[K][]>;
  close(): Promise<void>;
}

export class WriterConflictError extends Error {
  constructor(readonly holder: string) {
    super(`another writer holds this world (${holder})`);
    this.name = 'WriterConflictError';
  }
}

export class StoreGapError extends Error {
  constructor(
    readonly expected: number,
    readonly got: number,
  ) {
    super(`tick ${got} cannot be committed: the next tick is ${expected}`);
    this.name = 'StoreGapError';
  }
}

/**
 * A store that keeps query-friendly copies of the current state (MongoDB): the World hands it its
 * state after every commit, and once after opening.
 */
export interface Projecting {
  publishState(tick: number, state: WorldState): Promise<void>;
}

export function isProjecting(store: object): store is Projecting {
  return typeof (store as Partial<Projecting>).publishState === 'function';
}
