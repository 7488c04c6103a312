/**
 * The actors and the entities of a state as lists, in the order a for-in over their records gives
 * (insertion order). The tick walks every actor and every entity several times; a for-in over a
 * record of 10,000 ids collects and orders its keys each time. The fold, the only code that adds
 * or removes members, tells this cache what changed: a list is brought up to date on its next use,
 * from the members added and removed since, never changed under a walk that holds it. (Making it
 * again from the record cost a few ms a time at 10,000 things, twice a tick, as things open and close.)
 * The tick's walks over these lists are indexed, not for-of: each runs once a tick, often before V8
 * has optimized it, where a for-of allocates an iterator result per step (10,000 per walk at 10,000 bots).
 */
interface Members {
  list: unknown[];
  added: unknown[];
  removed: Set<unknown> | null;
}
const lists = new WeakMap<object, Members>();

/** An array index sorts before every other key of an object, whenever it was added. */
const INDEX = /^(0|[1-9]\d*)$/;

export function membersOf<T>(record: Record<string, T>): readonly T[] {
  let m = lists.get(record);
  if (!m) lists.set(record, (m = { list: Object.values(record), added: [], removed: null }));
  else if (m.added.length || m.removed) {
    const gone = m.removed;
    const next: unknown[] = [];
    for (let i = 0; i < m.list.length; i++) if (!gone?.has(m.list[i])) next.push(m.list[i]);
    for (let i = 0; i < m.added.length; i++) if (!gone?.has(m.added[i])) next.push(m.added[i]);
    m.list = next;
    m.added = [];
    m.removed = null;
  }
  return m.list as T[];
}

/** Set a record's member: a new key goes to the end of its list; one that replaces a member makes the list again. */
export function putMember<T>(record: Record<string, T>, key: string, value: T): void {
  const fresh = !Object.hasOwn(record, key);
  record[key] = value;
  const m = lists.get(record);
  if (!m) return;
  if (fresh && !INDEX.test(key) && !m.removed?.has(value)) m.added.push(value);
  else lists.delete(record);
}

/** Delete a record's member: it leaves its list, the others keep their order. */
export function dropMember(record: Record<string, unknown>, key: string): void {
  if (!Object.hasOwn(record, key)) return;
  const value = record[key];
  delete record[key];
  const m = lists.get(record);
  if (m) (m.removed ??= new Set()).add(value);
}
