/**
 * Whether a person knows a fact, without walking their `knows` list. The list only grows (about 0.4
 * facts a tick each in a crowd, never forgotten), and the Judge and the fold ask of it for every word
 * passed on: a linear `includes` there grows with the world's age. A set per list answers instead; the
 * fold, which alone adds to a list, adds to its set too. A list the set has not seen grow (a state read
 * from disk, a list a test wrote) is read again on its next question. This is for the live state's
 * lists, asked again and again: the rule engine keeps `includes`, as it asks each listener's list once,
 * and a queue worker's slices hold copies, where a set would be made for one question.
 */
const sets = new WeakMap<readonly string[], Set<string>>();

function setOf(knows: readonly string[]): Set<string> {
  let s = sets.get(knows);
  // a list holds no fact twice (the fold adds none twice), so a set of its size has seen all of it
  if (!s || s.size !== knows.length) sets.set(knows, (s = new Set(knows)));
  return s;
}

/** Whether `fact` is in the list. */
export function knowsFact(knows: readonly string[], fact: string): boolean {
  return setOf(knows).has(fact);
}

/** Add `fact` to the list unless it is there: the fold's one way to teach. Returns whether it was new. */
export function learnFact(knows: string[], fact: string): boolean {
  const s = setOf(knows);
  if (s.has(fact)) return false;
  knows.push(fact);
  s.add(fact);
  return true;
}
