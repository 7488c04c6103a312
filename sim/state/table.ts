/**
 * A record keyed by ids that differ from one actor to the next, kept by V8 as a hash table. An
 * actor's relations are keyed by other actors' ids; as a plain object it grows a hidden class per
 * key, and every lookup misses V8's inline caches (about 4x slower at 10,000 actors). Deleting a
 * property that is not the last one added switches an object to dictionary mode for good.
 */
export function idTable<T>(entries: Record<string, T> = {}): Record<string, T> {
  const t = { '\u0000a': 0, '\u0000b': 0 } as Record<string, unknown>;
  delete t['\u0000a'];
  delete t['\u0000b'];
  return Object.assign(t, entries) as Record<string, T>;
}

/** A state that came from JSON (a snapshot) gets its id tables back. */
export function reviveTables(state: { actors: Record<string, { relations: Record<string, number> }> }): void {
  for (const id in state.actors) state.actors[id].relations = idTable(state.actors[id].relations);
}
