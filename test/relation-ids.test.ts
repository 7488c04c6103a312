import { expect, it } from 'vitest';
import { table } from '../sim/model/ids.ts';
import { rngFor } from '../sim/rng.ts';
import { noteRelation, relationIds } from '../sim/state/relation-ids.ts';

/**
 * Perception, the policy brain and the rule engine walk an actor's relations through `relationIds`,
 * so the bots meet the people they met before: the list must always be the order `for...in` walks the
 * table, through seeded runs of the fold's writes (new ids, integer-like ids, ids such as `__proto__`)
 * with questions between, and for a table it has not seen before.
 */
const walked = (t: Record<string, number>) => {
  const out: string[] = [];
  for (const id in t) out.push(id);
  return out;
};

it('lists the ids in the order for...in walks them, through any run of the fold’s writes', () => {
  const ids = ['ada', 'bo', '__proto__', 'constructor', '7', '12', '0', 'cy_2', '4294967296', 'dee'];
  for (let seed = 1; seed <= 20; seed++) {
    const rng = rngFor(seed, 0, 'relations', 'test');
    const relations = table<number>();
    for (let step = 0; step < 200; step++) {
      const id = ids[Math.floor(rng.next() * ids.length)];
      // as the fold sets a relation: note, then set
      noteRelation(relations, id);
      relations[id] = (relations[id] ?? 0) + 1;
      if (rng.next() < 0.5) expect(relationIds(relations), `seed ${seed}, step ${step}`).toEqual(walked(relations));
    }
    expect(relationIds(relations)).toEqual(walked(relations));
  }
});

it('lists a table it has not seen (a state read from disk, a copy) from its own contents', () => {
  const relations = table({ bo: 5, ada: 60 });
  expect(relationIds(relations)).toEqual(['bo', 'ada']);
  const copy = table(relations);
  noteRelation(copy, 'cy');
  copy.cy = 1;
  expect(relationIds(copy)).toEqual(['bo', 'ada', 'cy']);
  expect(relationIds(relations)).toEqual(['bo', 'ada']);
});
