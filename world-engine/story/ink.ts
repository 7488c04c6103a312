import { Story } from 'inkjs';
import type { InkValue, LoadedStory } from '../../sim/model/session.ts';

/** Where a story stands: the ink state at its last committed point, and the chapter and situation there. */
export interface Position {
  ink: string;
  chapter: string;
  situation: string;
}

/**
 * What the ink says from a position with the world bound in: the chapter, situation and ending it
 * reaches, the choices it offers (ids of story.json's `choices`), every variable, and the state to keep
 * (`ink`): the position itself unless the ink crossed a `# chapter:` or `# ending:` tag, then the
 * state just past the last such tag, so that a chapter reached stays reached whatever the world does next.
 */
export interface Evaluation {
  chapter: string;
  situation: string;
  ending: string | null;
  choices: { index: number; id: string }[];
  variables: Record<string, InkValue>;
  ink: string;
  /** the ink crossed a chapter or ending tag from the position */
  crossed: boolean;
}

// an ink that loops without a choice is the author's mistake: it stops here instead of hanging the tick
const MAX_LINES = 500;

const runtimes = new WeakMap<LoadedStory, Story>();

/** One inkjs runtime per loaded story, reused: every evaluation loads the state it starts from. */
function runtime(ls: LoadedStory): Story {
  let s = runtimes.get(ls);
  if (!s) {
    s = new Story(ls.compiled);
    // a runtime error ends the evaluation where it stands (no choices), it never throws through the tick
    s.onError = () => undefined;
    runtimes.set(ls, s);
  }
  return s;
}

/**
 * The position a new session starts from: the ink's own start, in the first declared chapter. inkjs
 * seeds its own randomness (shuffles, RANDOM) from the clock; `seed` replaces it, so a story's state is
 * the same on every run of the same world.
 */
export function opening(ls: LoadedStory, seed: number): Position {
  const s = runtime(ls);
  s.ResetState();
  s.state.storySeed = seed;
  s.state.previousRandom = 0;
  return { ink: s.state.ToJson(), chapter: Object.keys(ls.chapters)[0], situation: '' };
}

/** Run the ink from `pos` with the bound variables set; nothing outside the returned value changes. */
export function evaluate(ls: LoadedStory, pos: Position, bound: Record<string, InkValue>): Evaluation {
  const s = runtime(ls);
  s.state.LoadJson(pos.ink);
  for (const name of Object.keys(bound)) s.variablesState.$(name, bound[name]);
  let { chapter, situation } = pos;
  let ending: string | null = null;
  let ink = pos.ink;
  let crossed = false;
  for (let n = 0; s.canContinue && n < MAX_LINES; n++) {
    try {
      s.Continue();
    } catch {
      break;
    }
    let mark = false;
    for (const tag of s.currentTags ?? []) {
      const m = /^\s*(chapter|situation|ending)\s*:\s*(\S+)\s*$/.exec(tag);
      if (!m) continue;
      if (m[1] === 'situation') situation = m[2];
      else if (m[1] === 'ending') {
        ending = m[2];
        mark = true;
      } else if (m[2] !== chapter) {
        chapter = m[2];
        mark = true;
      }
    }
    if (mark) {
      ink = s.state.ToJson();
      crossed = true;
    }
  }
  const choices = s.canContinue
    ? []
    : s.currentChoices.map((c: { index: number; text: string }) => ({ index: c.index, id: c.text.trim() }));
  return { chapter, situation, ending, choices, variables: variablesOf(ls, s), ink, crossed };
}

/** Take choice `index` from where `evaluate` left the runtime: the state right after it is the new position's. */
export function choose(ls: LoadedStory, index: number): string {
  const s = runtime(ls);
  s.ChooseChoiceIndex(index);
  return s.state.ToJson();
}

/** Jump to the knot a chapter starts at (a model judge moved the story on ahead of the ink). */
export function jump(ls: LoadedStory, from: string, knot: string): string {
  const s = runtime(ls);
  s.state.LoadJson(from);
  s.ChoosePathString(knot);
  return s.state.ToJson();
}

/** Set the story's own (unbound) variables in a saved state: the progress judge's changes to the story, not the world. */
export function withVariables(ls: LoadedStory, ink: string, changes: Record<string, InkValue>): string {
  const names = Object.keys(changes);
  if (!names.length) return ink;
  const s = runtime(ls);
  s.state.LoadJson(ink);
  for (const n of names) s.variablesState.$(n, changes[n]);
  return s.state.ToJson();
}

function variablesOf(ls: LoadedStory, s: Story): Record<string, InkValue> {
  const out: Record<string, InkValue> = {};
  for (const name of [...ls.variables].sort()) {
    const v: unknown = s.variablesState.$(name);
    out[name] = typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string' ? v : String(v);
  }
  return out;
}
