import type { WorldState } from '../state/types.ts';

/**
 * The world's facts by what they are about, in the state's order: whether a new fact is already
 * one is asked at every rumour, and must not scan every fact of the world. The Judge numbers facts
 * f:1, f:2, … as it makes them (Draft.nextId), so the index catches up by number; anything else
 * (a state rebuilt or replaced, a fact not so numbered) and it is rebuilt from the facts themselves.
 */
interface Index {
  facts: WorldState['facts'];
  count: number;
  byAbout: Map<string | null, string[]>;
}
const INDEXES = new WeakMap<WorldState, Index>();

export function factsAbout(state: WorldState, about: string | null): readonly string[] {
  let ix = INDEXES.get(state);
  if (!ix || ix.facts !== state.facts || ix.count > state.counters.fact || !caughtUp(state, ix)) {
    ix = { facts: state.facts, count: state.counters.fact, byAbout: new Map() };
    for (const id in state.facts) add(ix, state.facts[id].about, id);
    INDEXES.set(state, ix);
  }
  return ix.byAbout.get(about) ?? [];
}

function caughtUp(state: WorldState, ix: Index): boolean {
  for (; ix.count < state.counters.fact; ix.count++) {
    const id = `f:${ix.count + 1}`;
    const f = state.facts[id];
    if (!f) return false;
    add(ix, f.about, id);
  }
  return true;
}

function add(ix: Index, about: string | null, id: string): void {
  const list = ix.byAbout.get(about);
  if (list) list.push(id);
  else ix.byAbout.set(about, [id]);
}

/** How many people, the subject aside, know at least one fact about the subject (a story's `known`, a claim of renown). */
export function knownAbout(state: WorldState, subject: string): number {
  const facts = new Set(factsAbout(state, subject));
  if (!facts.size) return 0;
  let n = 0;
  for (const id in state.actors) if (id !== subject && state.actors[id].knows.some((f) => facts.has(f))) n++;
  return n;
}
