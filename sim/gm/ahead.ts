import { perceive } from '../../bots/perception.ts';
import { ruleEngine } from '../../world-engine/rules/index.ts';
import { sliceFor } from '../../world-engine/slice.ts';
import { checkCall } from '../judge/calls.ts';
import { TickJudge } from '../judge/judge.ts';
import { takeQuest } from '../judge/quests.ts';
import { Rejection } from '../judge/reasons.ts';
import { riskyWord } from '../model/check.ts';
import type { Consequence } from '../model/consequence.ts';
import type { Reason } from '../model/events.ts';
import { burnt } from '../model/needs.ts';
import type { ToolCall } from '../model/tools.ts';
import type { Catalog } from '../scenario/catalog.ts';
import { indexPlaces } from '../state/place-index.ts';
import { scratchState } from '../state/scratch.ts';
import type { WorldState } from '../state/types.ts';

const RULES = ruleEngine();

/** What the next tick's Judge would make of a call, judged on a scratch copy of the state. */
export interface Ahead {
  /** why it would be refused, or null */
  reason: Reason | null;
  /** the state as the call would leave it (a scratch copy; the state given when the call itself is refused) */
  state: WorldState;
  /** what the rule engine proposed, when the call got that far */
  consequence: Consequence | null;
  /** the manner or purpose the call tries when the pack makes it a check (the dice screen's word) */
  word: string | null;
  /** accepted, it would leave its actor collapsed by the end of the tick, and they would not be otherwise */
  collapses: boolean;
}

/**
 * The one dry run of a player's option (docs/design.md, Dialog types): the call the way the next tick
 * would judge it. The rule engine proposes on the state, which it only reads; the Judge checks and
 * folds into a scratch copy (sim/state/scratch.ts) that is thrown away. A check is judged as a full
 * success, no dice thrown: an offer is made before the call, and nothing that chooses a call may see
 * its roll. A world run by a language model is judged with the rules: an offer is a promise of the rules.
 * `seen`: the state the engine resolves the call on, when it is not the one the Judge meets (a tick's
 * engine sees the state the tick started from; its Judge, what the calls judged before left).
 */
export function judgeAhead(cat: Catalog, state: WorldState, call: ToolCall, seen: WorldState = state): Ahead {
  const word = riskyWord(cat, call);
  const refused = (reason: Reason, consequence: Consequence | null = null): Ahead => ({
    reason,
    state,
    consequence,
    word,
    collapses: false,
  });
  try {
    checkCall(cat, state, call);
  } catch (err) {
    if (err instanceof Rejection) return refused(err.reason);
    throw err;
  }
  const tick = state.tick + 1;
  const index = indexPlaces(cat, seen);
  const slice = sliceFor(cat, seen, index, tick, call, perceive(cat, seen, index, call.actor, tick), { assume: 'full' });
  const consequence = RULES.resolve(cat, slice, call) as Consequence;
  const after = scratchState(state);
  const failed = new TickJudge(cat, after, tick, 'full').call(call, { ok: true, consequence, trusted: true });
  if (failed) return refused(failed.reason, consequence);
  return { reason: null, state: after, consequence, word, collapses: collapses(cat, state, after, call.actor, word !== null) };
}

/**
 * Whether the call leaves its actor collapsed by the tick's end when they would not be without it:
 * its cost, a check's worst extra cost (a success at a cost), then the hunger the Judge's clock
 * charges at the close of the tick (sim/judge/clock.ts).
 */
function collapses(cat: Catalog, before: WorldState, after: WorldState, actor: string, check: boolean): boolean {
  const a = before.actors[actor];
  const b = after.actors[actor];
  if (!a || !b || a.status !== 'alive') return false;
  if (b.status !== 'alive') return true;
  const needs = cat.scenario.meta.rules.needs;
  const tick = before.tick + 1;
  const hunger = (x: typeof a) => burnt(needs.energyPerDay, x.needsAt, tick, cat.scenario.vocabulary.time);
  const extra = check ? cat.scenario.vocabulary.checks.partialEnergy : 0;
  return a.energy - hunger(a) > 0 && b.energy - extra - hunger(b) <= 0;
}

/** Whether the next tick's Judge would let `actor` take `quest` (sim/judge/quests.ts), judged on a scratch copy. */
export function takeAhead(cat: Catalog, state: WorldState, quest: string, actor: string): Reason | null {
  return takeQuest(new TickJudge(cat, scratchState(state), state.tick + 1, 'full'), quest, actor);
}
