import type { EntityState } from '../model/events.ts';
import { rngFor } from '../rng.ts';
import { membersOf } from '../state/members.ts';
import { gone } from '../state/seats.ts';
import type { WorldState } from '../state/types.ts';
import type { Catalog } from '../scenario/catalog.ts';

/**
 * Who and what is where, built once per tick from the pre-tick state: a crowded place in a world of
 * 100k holds thousands of people and things, and nothing per call may scan them all.
 */
export interface PlaceIndex {
  get(place: string): string[] | undefined;
  /** a few things at a place that one person notices: their own first, then a seeded handful */
  notice(place: string, viewer: string, tick: number, n?: number): EntityState[];
  /** how many things of each kind stand at a place */
  kinds(place: string): Record<string, number>;
  /** what an actor owns, wherever it stands */
  owned(actor: string): EntityState[];
  /** the quests an actor has taken and not finished, in the world's order (none: undefined) */
  taken(actor: string): string[] | undefined;
}

const NOTICE = 8;

export function indexPlaces(cat: Catalog, state: WorldState): PlaceIndex {
  const actors = new Map<string, string[]>();
  const all = membersOf(state.actors);
  for (let i = 0; i < all.length; i++) {
    const a = all[i];
    if (a.status === 'dead' || gone(a)) continue;
    let list = actors.get(a.location);
    if (!list) actors.set(a.location, (list = []));
    list.push(a.id);
  }
  const entities = new Map<string, EntityState[]>();
  const owners = new Map<string, EntityState[]>();
  const kinds = new Map<string, Record<string, number>>();
  const push = (m: Map<string, EntityState[]>, k: string, e: EntityState) => {
    const list = m.get(k);
    if (list) list.push(e);
    else m.set(k, [e]);
  };
  const things = membersOf(state.entities);
  for (let i = 0; i < things.length; i++) {
    const e = things[i];
    push(entities, e.location, e);
    if (e.owner) push(owners, e.owner, e);
    const kind = cat.templates.get(e.template)?.kind;
    if (kind) {
      const k = kinds.get(e.location) ?? {};
      k[kind] = (k[kind] ?? 0) + 1;
      kinds.set(e.location, k);
    }
  }
  // each perception asks for its actor's quests: one pass here, not one over every quest per actor
  const takers = new Map<string, string[]>();
  for (const id in state.quests ?? {}) {
    const q = state.quests![id];
    if (q.status !== 'taken' || typeof q.taker !== 'string') continue;
    const list = takers.get(q.taker);
    if (list) list.push(id);
    else takers.set(q.taker, [id]);
  }
  const owned = (a: string) => owners.get(a) ?? [];
  return {
    get: (p) => actors.get(p),
    kinds: (p) => kinds.get(p) ?? {},
    owned,
    taken: (a) => takers.get(a),
    notice(place, viewer, tick, n = NOTICE) {
      const all = entities.get(place) ?? [];
      if (all.length <= n) return all;
      const out: EntityState[] = [];
      for (const e of owners.get(viewer) ?? []) if (e.location === place) out.push(e);
      const want = out.length + n;
      const rng = rngFor(state.seed, tick, viewer, 'notice-things');
      for (let tries = 0; out.length < want && tries < n * 3; tries++) {
        const e = all[Math.floor(rng.next() * all.length)];
        if (!out.includes(e)) out.push(e);
      }
      return out;
    },
  };
}
