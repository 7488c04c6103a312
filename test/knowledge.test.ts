import { expect, it } from 'vitest';
import { rngFor } from '../sim/rng.ts';
import { knowsFact, learnFact } from '../sim/state/knowledge.ts';

/**
 * Whether a person knows a fact is read from a set kept beside their `knows` list. It must always be
 * the list's own answer (`includes`): held against it through seeded runs of facts taught by the fold,
 * facts pushed onto the list by other code (a state read from disk, a test), and questions between.
 */
it('answers as the list does through any run of teaching and questions', () => {
  for (let seed = 1; seed <= 20; seed++) {
    const rng = rngFor(seed, 0, 'knowledge', 'test');
    const knows: string[] = [];
    const facts = ['f:1', 'f:2', 'f:3', 'f:10', '__proto__', 'constructor', 'f:7', 'f:12'];
    for (let step = 0; step < 200; step++) {
      const fact = facts[Math.floor(rng.next() * facts.length)];
      const r = rng.next();
      const known = knows.includes(fact);
      if (r < 0.4) expect(learnFact(knows, fact)).toBe(!known);
      else if (r < 0.5 && !known) knows.push(fact);
      for (const f of facts) expect(knowsFact(knows, f), `seed ${seed}, step ${step}, ${f}`).toBe(knows.includes(f));
    }
    expect(new Set(knows).size).toBe(knows.length);
  }
});

it('teaches a fact once, and knows nothing of a list it has not seen', () => {
  const knows: string[] = [];
  expect(learnFact(knows, 'f:1')).toBe(true);
  expect(learnFact(knows, 'f:1')).toBe(false);
  expect(knows).toEqual(['f:1']);
  // a copy of the list (a state read again, a dry run's copy) answers from its own contents
  const copy = structuredClone(knows);
  copy.push('f:2');
  expect(knowsFact(copy, 'f:2')).toBe(true);
  expect(knowsFact(knows, 'f:2')).toBe(false);
});
