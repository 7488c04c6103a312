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

/** How a dry run gets its own copy of each part of the state; `value` for what holds no object to write. */
type Copies = { [K in keyof Required<WorldState>]: 'value' | ((live: NonNullable<WorldState[K]>) => NonNullable<WorldState[K]>) };

// every field of the state is named here (tsc refuses a new one left out): a part a dry run shares with
// the live world is a part the preview could spend for real (a source's daily budget once was)
const COPIES: Copies = {
  version: 'value',
  scenario: 'value',
  seed: 'value',
  tick: 'value',
  moneyTotal: 'value',
  actors: (t) => lazyTable(t, actorCopy),
  entities: (t) => lazyTable(t, entityCopy),
  places: (t) => lazyTable(t, (p) => structuredClone(p)),
  facts: (t) => lazyTable(t, (f) => structuredClone(f)),
  generatedPlaces: (g) => structuredClone(g),
  counters: (c) => ({ ...c }),
  jobHolders: (t) => table({ ...t }),
  // a quest taken or a story turned on the copy stays on the copy
  quests: (t) => lazyTable(t, (q) => structuredClone(q)),
  stories: (t) => lazyTable(t, (x) => structuredClone(x)),
  interventions: (iv) => structuredClone(iv),
  director: (d) => structuredClone(d),
  minted: (t) => lazyTable(t, (m) => ({ ...m })),
  funds: (t) => lazyTable(t, (f) => structuredClone(f)),
};

/**
 * A scratch copy of the state for a dry run: what the run reads is copied on first read, so a
 * preview costs what the call touches, not a copy of every actor of a large world. Nothing written
 * to it reaches the live state.
 */
export function scratchState(live: WorldState): WorldState {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(live) as (keyof WorldState)[]) {
    const how = COPIES[k] as 'value' | ((v: unknown) => unknown) | undefined;
    // a field the type does not know (an older snapshot's) is copied whole: never shared
    out[k] = live[k] === undefined || how === 'value' ? live[k] : how ? how(live[k]) : structuredClone(live[k]);
  }
  return out as unknown as WorldState;
}
