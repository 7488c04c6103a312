import { table } from '../model/ids.ts';
import type { WorldState } from './types.ts';

/*
 * Every record of the state keyed by ids is a null-prototype object (`table` in model/ids.ts):
 * `constructor` or `__proto__` is then only an unknown id, never a property of the language. V8
 * keeps such objects as hash tables, which also suits an actor's relations: keyed by other actors'
 * ids, as plain objects each of 10,000 of them grew a hidden class of its own and every lookup
 * missed the inline caches.
 */

/**
 * A state that came from JSON (a snapshot, a structured clone) or was built from pack files gets its
 * id tables back. Called wherever a state object is made, so no other code needs to think of it.
 */
export function reviveTables(state: WorldState): void {
  state.actors = table(state.actors);
  state.places = table(state.places);
  state.entities = table(state.entities);
  state.facts = table(state.facts);
  state.jobHolders = table(state.jobHolders);
  const iv = state.interventions;
  if (iv) state.interventions = { labels: table(iv.labels), closed: table(iv.closed), prices: table(iv.prices), wages: table(iv.wages) };
  if (state.quests) state.quests = table(state.quests);
  if (state.stories) state.stories = table(state.stories);
  if (state.funds) {
    state.funds = table(state.funds);
    for (const id in state.funds) state.funds[id].paid = table(state.funds[id].paid);
  }
  for (const id in state.actors) {
    const a = state.actors[id];
    a.relations = table(a.relations);
    a.inventory = table(a.inventory);
    a.ledger = table(a.ledger);
    if (a.paidIn) a.paidIn = table(a.paidIn);
    if (a.shifts) a.shifts = table(a.shifts);
  }
  for (const id in state.entities) state.entities[id].properties = table(state.entities[id].properties);
}
