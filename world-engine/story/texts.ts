import { vocabulary } from '../../sim/judge/claim-text.ts';
import { backed, clausesOf, holdsNow } from '../../sim/judge/claims.ts';
import { jsonPath, type PackIssue } from '../../sim/scenario/errors.ts';
import type { Scenario } from '../../sim/model/scenario.ts';
import type { Claim } from '../../sim/model/claims.ts';
import type { EventBody } from '../../sim/model/events.ts';
import type { InkValue } from '../../sim/model/session.ts';
import { chooseText, type StoryText, variantsOf } from '../../sim/model/story-text.ts';
import { LANGS } from '../../sim/model/text.ts';
import type { Text } from '../../sim/model/text.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { WorldState } from '../../sim/state/types.ts';
import { canonicalJson } from '../../sim/lib/canonical.ts';
import { invented } from '../narrator/check.ts';
import { bindings } from './bind.ts';

/** Whether an event names the player anywhere in it (their call, a payment to or from them, a fact about them). */
function touches(v: unknown, actor: string): boolean {
  if (v === actor) return true;
  if (Array.isArray(v)) return v.some((x) => touches(x, actor));
  if (v && typeof v === 'object') return Object.values(v).some((x) => touches(x, actor));
  return false;
}

/**
 * What a story's words tell that the world does not hold, read by the narrator's check (`invented`):
 * a person, place or thing it names that is not the player, where they stand, what they carry (their
 * tags: a job names its place and employer), the story's bound variables or the tick's events that
 * touch them; a sum none of those carries; a claim (a payment, an arrival, a death, that folk know
 * someone by name...) that neither those events carry nor the committed state bears out. A story is
 * told to its player: a claim that names no one is a claim about them ("you paid", "folk
 * know your name"). Empty: the words are backed.
 */
export function unbackedStoryWords(
  cat: Catalog,
  state: WorldState,
  actor: string,
  text: Text,
  bound: Record<string, InkValue>,
  events: readonly EventBody[] = [],
): string[] {
  const a = state.actors[actor];
  if (!a) return ['no such player'];
  const mine = events.filter((e) => touches(e, actor));
  // "you" is the player: a claim naming no one else is about them, backed by an event of theirs or by the state
  const held = (c: Claim) => {
    const about = c.about.some((id) => Object.hasOwn(state.actors, id)) ? c.about : [...c.about, actor];
    return backed({ ...c, about }, mine) || holdsNow({ ...c, about }, state) === true;
  };
  return invented(text, [actor, a.location, a.tags, bound, mine], mine, cat, state, held);
}

/**
 * The words of a story text the player is shown now: the first variant whose condition holds for the
 * story's bound variables (read from the committed world) and whose words are backed
 * (unbackedStoryWords, with the tick's `events` when the words are committed in it); null when none
 * is (the text is left out rather than tell what is not so). `cached`: only between ticks, where the
 * state does not move until the next tick commits.
 */
export function storyWords(
  cat: Catalog,
  state: WorldState,
  actor: string,
  st: StoryText,
  at: { events?: readonly EventBody[]; tick?: number; cached?: boolean } = {},
): Text | null {
  const ls = cat.scenario.story;
  if (!ls || !state.actors[actor]) return null;
  const events = at.events ?? [];
  const bound = bindings(cat, state, actor, ls, at.tick ?? state.tick);
  // a reader between ticks (the session, asked every tick) reuses a verdict until the next tick commits
  const c = at.cached && !events.length ? cacheOf(state) : null;
  return chooseText(st, bound, (t) => {
    const key = c && `${actor}\u0000${canonicalJson(bound)}\u0000${t.cn}\u0000${t.en}`;
    const hit = key === null ? undefined : c!.verdicts.get(key);
    if (hit !== undefined) return hit;
    const ok = unbackedStoryWords(cat, state, actor, t, bound, events).length === 0;
    if (key !== null) c!.verdicts.set(key, ok);
    return ok;
  });
}

const caches = new WeakMap<WorldState, { tick: number; verdicts: Map<string, boolean> }>();
function cacheOf(state: WorldState): { tick: number; verdicts: Map<string, boolean> } {
  let c = caches.get(state);
  if (!c || c.tick !== state.tick) caches.set(state, (c = { tick: state.tick, verdicts: new Map() }));
  return c;
}

/**
 * What `validate` warns of in a story's words: a default (the last variant, or the one text) whose
 * words claim something of the world (a payment, an arrival, that folk know the player...), read by the
 * claim reader's own triggers. Such words are shown only where the world backs them; elsewhere the
 * player is shown nothing, so a default should claim nothing.
 */
export function storyWarnings(s: Scenario): PackIssue[] {
  const ls = s.story;
  if (!ls) return [];
  const texts: [PropertyKey[], StoryText][] = [
    ...Object.entries(ls.chapters).map(([id, x]): [PropertyKey[], StoryText] => [['chapters', id, 'name'], x.name]),
    ...Object.entries(ls.situations).map(([id, x]): [PropertyKey[], StoryText] => [['situations', id, 'name'], x.name]),
    ...Object.entries(ls.endings).flatMap(([id, x]): [PropertyKey[], StoryText][] => [
      [['endings', id, 'name'], x.name],
      [['endings', id, 'summary'], x.summary],
    ]),
  ];
  const out: PackIssue[] = [];
  for (const [where, st] of texts) {
    const v = variantsOf(st);
    const text = v[v.length - 1].text;
    const kinds = new Set<string>();
    for (const lang of LANGS)
      for (const clause of clausesOf(text[lang])) for (const w of vocabulary()) if (w.match(clause)) kinds.add(w.kind);
    if (kinds.size)
      out.push({
        file: 'story.json',
        path: jsonPath(Array.isArray(st) ? [...where, v.length - 1, 'text'] : where),
        reason: { key: 'pack.story_default_claims', params: { kinds: [...kinds].sort().join(', ') } },
      });
  }
  return out;
}
