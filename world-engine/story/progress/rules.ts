import { translator } from '../../../sim/i18n/translator.ts';
import { defaultText, type StoryText } from '../../../sim/model/story-text.ts';
import type { Catalog } from '../../../sim/scenario/catalog.ts';
import type { WorldState } from '../../../sim/state/types.ts';
import { storyWords } from '../texts.ts';
import { LANGS, msg, type Message, type Text } from '../../../sim/model/text.ts';
import type { LoadedStory } from '../../../sim/model/session.ts';
import type { Judgment, ProgressCase, ProgressJudge } from './types.ts';

/**
 * The rules' progress judge (the default, and every model judge's fallback): the ink is the
 * skeleton, so the chapter advances when the ink reached another chapter's tag and the story ends
 * when it reached an ending's. The score is the ink's own score variable when story.json names one
 * (clamped to 0..100); otherwise 100 at a chapter's end and a quarter more per turn within it (at most 90).
 */
export const rulesProgressJudge: ProgressJudge = {
  name: 'rules',
  judge: (cat, state, c) => rulesJudgment(c, { cat, state }),
};

/**
 * Where the ink lets the story go on this turn, from the world's current variables: the chapter and
 * the ending (or none) it reached with them bound in. The rules judge moves the story exactly there,
 * and a model judge may choose nothing else (guard.ts).
 */
export function inkAllows(c: ProgressCase): { chapter: string; ending: string | null } {
  return { chapter: c.reached.chapter, ending: c.reached.ending };
}

/** `world`: names its ids by the words the world backs for the player (story.json variants), else by their default words. */
export function rulesJudgment(c: ProgressCase, world?: { cat: Catalog; state: WorldState }): Judgment {
  const ls = c.story;
  const r = c.reached;
  const allowed = inkAllows(c);
  const end = allowed.ending !== null;
  const advance = allowed.chapter !== c.session.chapter;
  const turns = c.session.scores.filter((s) => s.chapter === c.session.chapter).length + 1;
  const own = ls.score !== undefined ? Number(r.variables[ls.score]) : NaN;
  const score = Number.isFinite(own) ? Math.max(0, Math.min(100, Math.round(own))) : end || advance ? 100 : Math.min(90, 25 * turns);
  const [key, params] = end
    ? ['story_ink.rationale.ended', { ending: allowed.ending! }]
    : advance
      ? ['story_ink.rationale.advanced', { from: c.session.chapter, to: allowed.chapter }]
      : ['story_ink.rationale.turn', { chapter: c.session.chapter, situation: r.situation, turns }];
  const rationale = msg(key as string, params as Record<string, string | number>);
  return {
    situationScore: score,
    shouldAdvanceChapter: advance,
    shouldEndStory: end,
    ending: allowed.ending,
    rationale,
    text: named(ls, rationale, world && ((st) => storyWords(world.cat, world.state, c.actor, st, { tick: c.tick }))),
    stateChanges: [],
    by: 'rules',
  };
}

/** A rules message in both languages, its ids shown by the pack's names for them. */
export function named(ls: LoadedStory, m: Message, words?: (st: StoryText) => Text | null): Text {
  if ('text' in m) return { cn: m.text, en: m.text };
  const out = {} as Text;
  // each id's words once, in both languages: choosing them reads the world
  const names = new Map<string, Text | null>();
  for (const [k, v] of Object.entries(m.params ?? {})) if (typeof v === 'string') names.set(k, nameOf(ls, k, v, words));
  for (const lang of LANGS) {
    const params: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(m.params ?? {})) params[k] = typeof v === 'string' ? (names.get(k)?.[lang] ?? v) : v;
    out[lang] = translator(lang)(m.key, params);
  }
  return out;
}

function nameOf(ls: LoadedStory, param: string, id: string, words?: (st: StoryText) => Text | null): Text | null {
  const table = param === 'ending' ? ls.endings : param === 'situation' ? ls.situations : ls.chapters;
  if (!Object.prototype.hasOwnProperty.call(table, id)) return null;
  const name = table[id].name;
  return words?.(name) ?? defaultText(name);
}
