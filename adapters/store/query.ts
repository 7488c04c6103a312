import { Query } from 'mingo';
import type { EntityState, Event, FactState } from '../../sim/model/events.ts';
import type { ActorState, WorldState } from '../../sim/state/types.ts';

/**
 * Reading a world by filters, for the dashboard and for research. Filters are MongoDB query
 * filters (`{ money: { $gt: 100 } }`, `{ tags: 'skill:x' }`, `{ $or: [...] }`): the MongoDB store
 * hands them to the server; the embedded and memory stores evaluate the very same filter with
 * mingo over the state and the log. Everything that builds a filter lives here, once.
 */
export type Filter = Record<string, unknown>;
export type Sort = Record<string, 1 | -1>;

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

/** Where a page of events stopped: pass it back as `after` for the next page. */
export interface EventCursor {
  tick: number;
  seq: number;
}

export interface EventQuery {
  /** first tick (default 0) */
  from?: number;
  /** last tick, inclusive (default: the last committed) */
  to?: number;
  /** events that involve this actor: as the actor, the sender, the recipient or the one addressed by */
  actor?: string;
  /** one event type or several */
  type?: Event['type'] | Event['type'][];
  /** any further MongoDB filter on the event's fields */
  filter?: Filter;
  after?: EventCursor;
  /** page size, at most MAX_LIMIT (default DEFAULT_LIMIT) */
  limit?: number;
}

export interface EventPage {
  events: Event[];
  next: EventCursor | null;
}

export interface StateQuery {
  filter?: Filter;
  sort?: Sort;
  skip?: number;
  limit?: number;
}

/** The read side every store offers in the same shape. */
export interface WorldQuery {
  /** committed events in commit order (tick, then seq), a page at a time */
  events(q?: EventQuery): Promise<EventPage>;
  /** current actors matching the filter (sorted by id unless told otherwise) */
  actors(q?: StateQuery): Promise<ActorState[]>;
  entities(q?: StateQuery): Promise<EntityState[]>;
  facts(q?: StateQuery): Promise<FactState[]>;
}

export function pageSize(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a whole number >= 1, got ${limit}`);
  return Math.min(limit, MAX_LIMIT);
}

/** The one MongoDB filter an EventQuery means, for either store. */
export function eventFilter(q: EventQuery, lastTick: number): Filter {
  const and: Filter[] = [{ tick: { $gte: q.from ?? 0, $lte: Math.min(q.to ?? lastTick, lastTick) } }];
  if (q.type !== undefined) and.push({ type: Array.isArray(q.type) ? { $in: q.type } : q.type });
  if (q.actor !== undefined) and.push({ $or: ['actor', 'from', 'to', 'by'].map((k) => ({ [k]: q.actor })) });
  if (q.after) and.push({ $or: [{ tick: { $gt: q.after.tick } }, { tick: q.after.tick, seq: { $gt: q.after.seq } }] });
  if (q.filter && Object.keys(q.filter).length) and.push(q.filter);
  return and.length === 1 ? and[0] : { $and: and };
}

/** A page from `limit + 1` matches: the extra one only says there is more. */
export function toPage(matches: Event[], limit: number): EventPage {
  if (matches.length <= limit) return { events: matches, next: null };
  const events = matches.slice(0, limit);
  const last = events[events.length - 1];
  return { events, next: { tick: last.tick, seq: last.seq } };
}

/**
 * The last `last` events matching `q` at or before `q.to`, in commit order: what a feed shows on
 * load, however many events a tick holds. Walks back a tick at a time (so any store serves it with
 * its ordinary ascending pages) and stops once enough are found or `maxTicks` were read.
 */
export async function latestEvents(
  read: WorldQuery,
  q: Omit<EventQuery, 'after' | 'limit'>,
  last: number,
  lastTick: number,
  maxTicks = 200,
): Promise<Event[]> {
  const want = pageSize(last);
  const to = Math.min(q.to ?? lastTick, lastTick);
  const from = Math.max(q.from ?? 0, to - maxTicks + 1);
  const ticks: Event[][] = [];
  let found = 0;
  for (let t = to; t >= from && found < want; t--) {
    let tick: Event[] = [];
    let after: EventCursor | undefined;
    do {
      const page = await read.events({ ...q, from: t, to: t, after, limit: MAX_LIMIT });
      // a tick larger than the page keeps only its tail
      tick = tick.concat(page.events).slice(-(want - found));
      after = page.next ?? undefined;
    } while (after);
    ticks.push(tick);
    found += tick.length;
  }
  return ticks.reverse().flat();
}

const byId: Sort = { id: 1 };

/** Run a state query over plain objects with mingo: the embedded side of the same filter. */
export function findIn<T extends object>(items: Iterable<T>, q: StateQuery = {}): T[] {
  const cursor = new Query(q.filter ?? {}, {}).find<T>([...items]).sort(q.sort ?? byId);
  if (q.skip) cursor.skip(q.skip);
  cursor.limit(pageSize(q.limit));
  return structuredClone(cursor.all() as T[]);
}

/**
 * The embedded read side: filters evaluated with mingo over the live state of the world and the
 * committed log of its store (the World's `state` and `store`; a reader without a World can load
 * one from the store). Events stream from the log and stop as soon as a page is full.
 */
export function stateQuery(src: {
  state: () => WorldState;
  lastTick: () => Promise<number>;
  readEvents: (from: number, to: number) => AsyncIterable<Event>;
}): WorldQuery {
  return {
    async events(q = {}) {
      const limit = pageSize(q.limit);
      const last = await src.lastTick();
      const match = new Query(eventFilter(q, last), {});
      const from = Math.max(q.from ?? 0, q.after?.tick ?? 0);
      const out: Event[] = [];
      for await (const e of src.readEvents(from, Math.min(q.to ?? last, last))) {
        if (!match.test(e)) continue;
        out.push(e);
        if (out.length > limit) break;
      }
      return toPage(out, limit);
    },
    async actors(q) {
      return findIn(Object.values(src.state().actors), q);
    },
    async entities(q) {
      return findIn(Object.values(src.state().entities), q);
    },
    async facts(q) {
      return findIn(Object.values(src.state().facts), q);
    },
  };
}

/**
 * The read side of a running world, whatever its store: the MongoDB store's own (its collections),
 * else mingo over the world's state and log.
 */
export function queryOf(world: {
  state: WorldState;
  store: { lastTick(): Promise<number>; readEvents(from: number, to: number): AsyncIterable<Event> };
}): WorldQuery {
  const own = (world.store as { query?: () => WorldQuery }).query;
  if (typeof own === 'function') return own.call(world.store);
  return stateQuery({
    state: () => world.state,
    lastTick: () => world.store.lastTick(),
    readEvents: (f, t) => world.store.readEvents(f, t),
  });
}
