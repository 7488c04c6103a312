import type { Phase, TickContext } from './phase.ts';
import { bindings, bindingsBefore } from '../../world-engine/story/bind.ts';
import { choose, evaluate, type Evaluation, jump, opening, withVariables } from '../../world-engine/story/ink.ts';
import { optionsOf, sameCall, type StoryOption } from '../../world-engine/story/options.ts';
import { splitChanges } from '../../world-engine/story/progress/changes.ts';
import { storyWords } from '../../world-engine/story/texts.ts';
import { rulesProgressJudge } from '../../world-engine/story/progress/rules.ts';
import type { Judgment, ProgressJudge } from '../../world-engine/story/progress/types.ts';
import { proposers, validateChange } from '../judge/changes.ts';
import type { TickJudge } from '../judge/judge.ts';
import { reject } from '../judge/reasons.ts';
import type { Reason } from '../model/events.ts';
import { rngFor } from '../rng.ts';
import type { InkValue, LoadedStory, StorySession } from '../model/session.ts';
import type { StoryText } from '../model/story-text.ts';
import type { Text } from '../model/text.ts';
import type { Catalog } from '../scenario/catalog.ts';
import type { WorldState } from '../state/types.ts';
import { membersOf } from '../state/members.ts';

/** A player's story choice, sent with their call (`POST .../act` `choice`, riding with the call as its decision's `choice`): it counts when that call is committed. */
export interface StoryChoice {
  actor: string;
  call: string;
  choice: number;
}

/** A judge's change to a bound variable that the Judge refused (the story went on without it). */
export interface StoryRefusal {
  actor: string;
  variable: string;
  reason: Reason;
}

/**
 * The story phase of a tick, after every call and clock is judged (so the bound variables read the
 * world the tick made). For each player of a pack with a story: a session starts when they have none
 * (story_started); otherwise the ink is evaluated with the world bound in. The player's turn is the
 * option whose call they made and the Judge committed this tick (the `choice` sent with it, or the
 * option that names that very call); without one, the world moved the story when the ink crossed a
 * chapter or ending tag or changed situation. Each turn is judged by the progress judge (rules unless
 * a model is configured) and committed through the Judge as one verdict: story_turned,
 * situation_scored, chapter_advanced, story_ended. The judge's changes to bound variables are
 * proposals the validators judge one by one; the ink itself never writes the world.
 */
export async function runStories(
  cat: Catalog,
  state: WorldState,
  tick: number,
  judge: TickJudge,
  before: Map<string, Record<string, InkValue>>,
  choices: StoryChoice[] = [],
  pj: ProgressJudge = rulesProgressJudge,
): Promise<StoryRefusal[]> {
  const ls = cat.scenario.story;
  const refused: StoryRefusal[] = [];
  if (!ls) return refused;
  // the players, from the state's cached list of actors rather than its 10,000 keys each tick
  for (const id of membersOf(state.actors)
    .filter((a) => a.player)
    .map((a) => a.id)
    .sort()) {
    const a = state.actors[id];
    const s = state.stories?.[id];
    const p = proposers.story('story', id, a.location);
    if (!s) {
      const ev = evaluate(ls, opening(ls, rngFor(state.seed, tick, id, 'ink').int(0, 99)), bindings(cat, state, id, ls, tick));
      judge.judged(p, (d) =>
        d.emit({
          type: 'story_started',
          actor: id,
          story: ls.id,
          chapter: ev.chapter,
          situation: ev.situation,
          variables: ev.variables,
          ink: ev.ink,
        }),
      );
      continue;
    }
    if (s.ended || s.story !== ls.id) continue;
    const pos = { ink: s.ink, chapter: s.chapter, situation: s.situation };
    const bound = bindings(cat, state, id, ls, tick);
    // the options the player chose from, in the world they were offered in (before this tick's calls)
    const offered = evaluate(ls, pos, before.get(id) ?? bound);
    const taken = takenOption(cat, offered, judge, id, tick, choices);
    let reached: Evaluation;
    if (taken) reached = evaluate(ls, { ink: choose(ls, taken.choice), chapter: offered.chapter, situation: offered.situation }, bound);
    else {
      reached = evaluate(ls, pos, bound);
      if (!reached.crossed && reached.situation === s.situation) continue;
    }
    const j = await pj.judge(cat, state, { actor: id, tick, story: ls, session: s, choice: taken?.id ?? null, reached });
    // the words committed with a chapter or an ending are those the world backs now, this tick's events included
    const words = (st: StoryText) => storyWords(cat, state, id, st, { events: judge.events.filter((e) => e.tick === tick), tick });
    refused.push(...commitTurn(judge, ls, s, id, p, taken, reached, j, words));
  }
  return refused;
}

/** The option the player took this tick: their committed call, the choice they sent with it, and the option that names that call. */
function takenOption(
  cat: Catalog,
  ev: Evaluation,
  judge: TickJudge,
  actor: string,
  tick: number,
  choices: StoryChoice[],
): StoryOption | null {
  const acted = judge.events.find((e) => e.type === 'action' && e.actor === actor && e.tick === tick);
  if (acted?.type !== 'action') return null;
  const options = optionsOf(cat, ev);
  const sent = choices.find((c) => c.actor === actor && c.call === acted.call.id);
  // a choice counts only with the call it stands for: a stale index or another call leaves the story where it is
  if (sent) return options.find((o) => o.choice === sent.choice && sameCall(o, acted.call)) ?? null;
  return options.find((o) => sameCall(o, acted.call)) ?? null;
}

function commitTurn(
  judge: TickJudge,
  ls: LoadedStory,
  s: StorySession,
  actor: string,
  p: ReturnType<typeof proposers.story>,
  taken: StoryOption | null,
  reached: Evaluation,
  j: Judgment,
  words: (st: StoryText) => Text | null,
): StoryRefusal[] {
  const order = Object.keys(ls.chapters);
  // the ink's own crossing always stands (it is the skeleton); a judge may move a chapter on ahead of it, one at a time
  let chapter = reached.chapter;
  let ink = reached.ink;
  if (chapter === s.chapter && j.shouldAdvanceChapter) {
    const next = order[order.indexOf(s.chapter) + 1];
    if (next) {
      chapter = next;
      ink = jump(ls, ink, next);
    }
  }
  const has = (id: string | null): id is string => id !== null && Object.prototype.hasOwnProperty.call(ls.endings, id);
  const ending = reached.ending ?? (j.shouldEndStory && has(j.ending) ? j.ending : null);
  const split = splitChanges(ls, actor, reached.variables, j.stateChanges);
  ink = withVariables(ls, ink, split.story);
  const variables = { ...reached.variables, ...split.story };
  judge.judged(p, (d) => {
    d.emit({
      type: 'story_turned',
      actor,
      choice: taken?.choice ?? null,
      chapter: s.chapter,
      situation: reached.situation,
      variables,
      ink,
    });
    d.emit({
      type: 'situation_scored',
      actor,
      chapter: s.chapter,
      situation: reached.situation,
      score: j.situationScore,
      advance: chapter !== s.chapter,
      end: ending !== null,
      rationale: j.rationale,
      by: j.by,
      text: j.text,
    });
    const named = (t: Text | null, as: 'name' | 'text') => (t ? { [as]: t } : {});
    if (chapter !== s.chapter)
      d.emit({ type: 'chapter_advanced', actor, from: s.chapter, to: chapter, ...named(words(ls.chapters[chapter].name), 'name') });
    if (ending)
      d.emit({
        type: 'story_ended',
        actor,
        ending,
        summary: { key: 'story_ink.ended' },
        ...named(words(ls.endings[ending].name), 'name'),
        ...named(words(ls.endings[ending].summary), 'text'),
      });
  });
  const refused: StoryRefusal[] = [];
  for (const w of split.world) {
    const reason = judge.judged(p, (d) => {
      if (!w.as) reject('story_not_world', { variable: w.change.variable });
      validateChange(d, w.as, p);
    });
    if (reason) refused.push({ actor, variable: w.change.variable, reason });
  }
  return refused;
}

/** What the story's first turn noted for its second, per tick: the story's own, so the tick's context knows nothing of it. */
const before = new WeakMap<TickContext, Map<string, Record<string, InkValue>>>();

/** Before anyone acts, what the ink's bound variables read, for the story's turn to compare. */
export const storyBeforePhase: Phase = {
  id: 'story.before',
  at: 'open',
  run: (ctx) => {
    before.set(ctx, bindingsBefore(ctx.cat, ctx.state, ctx.tick));
  },
};

/** At the end, the story reads the world this tick made: a player's turn, or the world moving their story on. */
export const storyTurnPhase: Phase = {
  id: 'story.turn',
  at: 'close',
  run: async (ctx) => {
    const { cat, state, tick, judge, advisors } = ctx;
    const choices: StoryChoice[] = [];
    for (const d of ctx.decisions)
      if (d?.ok && d.choice !== undefined) choices.push({ actor: d.call.actor, call: d.call.id, choice: d.choice });
    const refused = await runStories(cat, state, tick, judge, before.get(ctx) ?? new Map(), choices, advisors.progress);
    // the progress judge asked for these changes, not the player: they go to the log, not to the player
    for (const r of refused)
      ctx.refused.push({ kind: 'story.change', askedBy: null, request: { actor: r.actor, variable: r.variable }, reason: r.reason });
  },
};
