/**
 * The ids an actor has feelings about, in the order `for...in` walks its relations table. The table
 * is a hash table (table.ts), and V8 walks one by first listing every key and sorting the list by the
 * order the keys were added: each walk cost about 50 ns per relation, however early it stopped. A
 * perception, a decision and a word to friends each walked it, so a bot's turn cost more the more
 * people it knew. The list is kept per table instead: the fold, which alone adds a relation,
 * adds its id too (`noteRelation`); a table the list has not seen (a state read from disk, a copy) is
 * listed on its first question.
 */
const lists = new WeakMap<Record<string, number>, string[]>();

/** The table's ids in its walking order; read only. */
export function relationIds(relations: Record<string, number>): readonly string[] {
  let ids = lists.get(relations);
  if (!ids) lists.set(relations, (ids = Object.keys(relations)));
  return ids;
}

/** Called by the fold before it sets `relations[id]`: a new id joins the list. */
export function noteRelation(relations: Record<string, number>, id: string): void {
  const ids = lists.get(relations);
  if (!ids || id in relations) return;
  // an integer-like key is walked before the others, in numeric order, not last: listed again instead
  if (INDEX_LIKE.test(id)) lists.delete(relations);
  else ids.push(id);
}

const INDEX_LIKE = /^(0|[1-9]\d*)$/;
