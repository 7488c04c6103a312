import { expect, it } from 'vitest';
import { table } from '../sim/model/ids.ts';
import { rngFor } from '../sim/rng.ts';
import { dropMember, membersOf, putMember } from '../sim/state/members.ts';

/**
 * The tick walks a record's members as a list kept up to date from what the fold added and removed.
 * It must always be the record's own order (Object.values): held against it after every step of
 * seeded runs of adds, removals, re-adds, replacements and keys that are array indices.
 */
it('lists a record in its own order through any run of adds and removals', () => {
  for (let seed = 1; seed <= 20; seed++) {
    const rng = rngFor(seed, 0, 'members', 'test');
    const record = table<{ id: string }>();
    const keys = ['e:1', 'e:2', 'e:3', 'a', 'b', '__proto__', 'constructor', '7', '12', 'x y'];
    for (let step = 0; step < 300; step++) {
      const key = keys[Math.floor(rng.next() * keys.length)];
      const r = rng.next();
      if (r < 0.5) putMember(record, key, { id: `${key}@${step}` });
      else if (r < 0.8) dropMember(record, key);
      // a list is taken now and then, mid-run, as the tick's walks do
      if (rng.next() < 0.3) expect(membersOf(record), `seed ${seed}, step ${step}`).toEqual(Object.values(record));
    }
    expect(membersOf(record)).toEqual(Object.values(record));
  }
});

it('never changes a list a walk already holds', () => {
  const record = table<{ id: string }>();
  putMember(record, 'e:1', { id: 'one' });
  const held = membersOf(record);
  putMember(record, 'e:2', { id: 'two' });
  dropMember(record, 'e:1');
  expect(held.map((m) => m.id)).toEqual(['one']);
  expect(membersOf(record).map((m) => m.id)).toEqual(['two']);
});
