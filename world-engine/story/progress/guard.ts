import type { LlmStats } from '../../../adapters/llm/stats.ts';
import { invented } from '../../narrator/check.ts';
import { inkAllows, rulesJudgment } from './rules.ts';
import type { Judgment, ProgressCase, ProgressJudge } from './types.ts';

/** Where a refusal or a dropped rationale is counted and logged (the run's model stats). */
export type GuardCounts = Pick<LlmStats, 'fallback' | 'drop'>;

/**
 * Every model progress judge's answer goes through here before the story phase commits it (docs/design.md, The story).
 * A model may choose only among the chapters and endings the ink allows from the world's current
 * variables, the same set the rules judge moves the story to (`inkAllows`): an answer that advances
 * a chapter the ink did not reach, or names or asks for an ending it did not reach, is refused and
 * the rules' judgment stands (counted as a fallback, `story_not_allowed`). A rationale is held to
 * what the judge was shown of the committed world, with the narrator's check (`invented`): one that
 * names a sum, person or place the turn does not hold, or claims a death, payment, arrival... is
 * replaced by the rules' rationale (counted as a drop, `rationale_unbacked`); the model's score stands.
 */
export function heldToInk(inner: ProgressJudge, counts: GuardCounts, fallback?: ProgressJudge): ProgressJudge {
  return {
    name: inner.name,
    async judge(cat, state, c): Promise<Judgment> {
      const j = await inner.judge(cat, state, c);
      if (j.by !== 'model') return j;
      const meta = { role: 'narrator' as const, actor: c.actor, tick: c.tick };
      const off = outsideInk(c, j);
      if (off) {
        counts.fallback(meta, 'story_not_allowed', off);
        return fallback ? fallback.judge(cat, state, c) : rulesJudgment(c, { cat, state });
      }
      const unbacked = invented(j.text, shown(c, j), [], cat, state);
      if (!unbacked.length) return j;
      counts.drop(meta, 'rationale_unbacked', `the rationale tells what the state does not hold: ${unbacked.join(', ')}`);
      const rules = rulesJudgment(c, { cat, state });
      return { ...j, rationale: rules.rationale, text: rules.text };
    },
  };
}

/** Why a judgment moves the story where the ink does not allow now, or null. */
function outsideInk(c: ProgressCase, j: Judgment): string | null {
  const allowed = inkAllows(c);
  if (j.shouldAdvanceChapter && allowed.chapter === c.session.chapter)
    return `advances the chapter ${c.session.chapter}, which the ink has not left`;
  if (j.shouldEndStory && allowed.ending === null)
    return `ends the story (${j.ending ?? 'no ending named'}) where the ink reached no ending`;
  if (j.ending !== null && j.ending !== allowed.ending) return `names the ending ${j.ending}; the ink reached ${allowed.ending ?? 'none'}`;
  return null;
}

/**
 * What the judge was shown of the committed world, all a rationale may tell: the player, the story's
 * variables as bound to the world (their money, day, place...), where the story stands and what the
 * ink reached, the option taken and its call, the turns so far, and the judge's own score. No event
 * of the tick was shown, so a rationale claims none.
 */
function shown(c: ProgressCase, j: Judgment): unknown[] {
  const ls = c.story;
  const choice = c.choice !== null && Object.hasOwn(ls.choices, c.choice) ? ls.choices[c.choice].call : null;
  return [
    c.actor,
    c.reached.variables,
    c.session.chapter,
    c.reached.chapter,
    c.reached.situation,
    c.reached.ending,
    choice,
    c.session.turns,
    j.situationScore,
  ];
}
