import { table } from '../model/ids.ts';
import type { ActorState, WorldState } from './types.ts';
import type { EntityState } from '../model/events.ts';

/**
 * A table that copies a record the first time anything reads it, and keeps additions and removals
 * to itself: the live table is never written. Enumerating it still lists every id (and copies on
 * read), so code that walks the table stays correct, only slower.
 */
function lazyTable<T>(live: Record<string, T>, copy: (x: T) => T): Record<string, T> {
  const mine = table<T>();
  const gone = new Set<string>();
  const has = (k: PropertyKey): k is string => typeof k === 'string' && !gone.has(k) && (k in mine || Object.hasOwn(live, k));
  const get = (k: PropertyKey): T | undefined => {
    if (!has(k)) return undefined;
    if (!(k in mine)) mine[k] = copy(live[k]);
    return mine[k];
  };
  return new Proxy(mine, {
    get: (_, k) => get(k),
    has: (_, k) => has(k),
    set: (_, k, v: T) => {
      gone.delete(k as string);
      mine[k as string] = v;
      return true;
    },
    deleteProperty: (_, k) => {
      gone.add(k as string);
      delete mine[k as string];
      return true;
    },
    ownKeys: () => [...new Set([...Object.keys(live), ...Object.keys(mine)])].filter((k) => !gone.has(k)),
    getOwnPropertyDescriptor: (_, k) => (has(k) ? { value: get(k), writable: true, enumerable: true, configurable: true } : undefined),
  });
}

function actorCopy(a: ActorState): ActorState {
  const c = structuredClone(a);
  c.relations = table(c.relations);
  c.inventory = table(c.inventory);
  c.ledger = table(c.ledger);
  return c;
}

function entityCopy(e: EntityState): EntityState {
  const c = structuredClone(e);
  c.properties = table(c.properties);
  return c;
}

/**
 * A scratch copy of the state for a dry run: what the run reads is copied on first read, so a
 * preview costs what the call touches, not a copy of every actor of a large world. Nothing written
 * to it reaches the live state.
 */
export function scratchState(live: WorldState): WorldState {
  return {
    ...live,
    actors: lazyTable(live.actors, actorCopy),
    entities: lazyTable(live.entities, entityCopy),
    places: lazyTable(live.places, (p) => structuredClone(p)),
    facts: lazyTable(live.facts, (f) => structuredClone(f)),
    generatedPlaces: structuredClone(live.generatedPlaces),
    counters: { ...live.counters },
    jobHolders: table({ ...live.jobHolders }),
    // a quest taken or a story turned on the copy stays on the copy
    ...(live.quests && { quests: lazyTable(live.quests, (q) => structuredClone(q)) }),
    ...(live.stories && { stories: lazyTable(live.stories, (x) => structuredClone(x)) }),
    ...(live.interventions && { interventions: structuredClone(live.interventions) }),
    ...(live.director && { director: structuredClone(live.director) }),
  };
}
