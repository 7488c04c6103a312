import type { EntityState } from '../model/events.ts';
import type { WorldState } from '../state/types.ts';

/** Who and what is where, built once per tick from the pre-tick state (scanning 100k actors per call would not do). */
export interface PlaceIndex {
  get(place: string): string[] | undefined;
  entities(place: string): EntityState[];
  /** what an actor owns, wherever it stands */
  owned(actor: string): EntityState[];
}

export function indexPlaces(state: WorldState): PlaceIndex {
  const actors = new Map<string, string[]>();
  for (const id in state.actors) {
    const a = state.actors[id];
    if (a.status === 'dead') continue;
    let list = actors.get(a.location);
    if (!list) actors.set(a.location, (list = []));
    list.push(id);
  }
  const entities = new Map<string, EntityState[]>();
  const owners = new Map<string, EntityState[]>();
  const push = (m: Map<string, EntityState[]>, k: string, e: EntityState) => {
    const list = m.get(k);
    if (list) list.push(e);
    else m.set(k, [e]);
  };
  for (const id in state.entities) {
    const e = state.entities[id];
    push(entities, e.location, e);
    if (e.owner) push(owners, e.owner, e);
  }
  return { get: (p) => actors.get(p), entities: (p) => entities.get(p) ?? [], owned: (a) => owners.get(a) ?? [] };
}
