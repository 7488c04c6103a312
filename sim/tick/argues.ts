import { type ArgueJudge, rulesArgueJudge } from '../../world-engine/argue/types.ts';
import { type Argument, argumentFor } from '../judge/argue.ts';
import type { TickJudge } from '../judge/judge.ts';
import type { Catalog } from '../scenario/catalog.ts';
import type { WorldState } from '../state/types.ts';
import type { Decision } from './deliberation.ts';
import { mapBounded } from './pool.ts';

/** arguments weighed by a model at once, at most */
const AT_ONCE = 16;

/**
 * Bots argue for their traits the way players do (docs/design.md, Traits and tags): an argument a brain attached to a risky
 * call is weighed by the same argument judge as a player's (the rules, or the server's model), then
 * judged again and committed by the Judge (`TickJudge.argue`), before the call's check is built or
 * rolled, so an accepted one is one advantage at that very check. Only the decisions of `actors`
 * (their own calls), and only for a call that is a check: anything else is no argument. Weighed in
 * parallel against the state before any of them, committed in the order of `actors`.
 */
export async function judgeBotArguments(
  cat: Catalog,
  state: WorldState,
  judge: TickJudge,
  actors: readonly string[],
  decisions: readonly Decision[],
  by: ArgueJudge = rulesArgueJudge,
): Promise<void> {
  const asked: Argument[] = [];
  decisions.forEach((d, i) => {
    if (!d?.ok || !d.argue || d.call.actor !== actors[i]) return;
    const r = argumentFor(cat, state, d.call, d.argue.trait, d.argue.words);
    if (r) asked.push(r);
  });
  if (!asked.length) return;
  const outcomes = await mapBounded(asked, AT_ONCE, (r) => by.judge(cat, state, r));
  asked.forEach((r, i) => {
    const { verdict, by: judged } = outcomes[i];
    // a refusal commits nothing; the Judge judges an accepted one again, as it does a player's
    if (verdict.ok && verdict.why === 'argued') judge.argue({ ...r, by: judged });
  });
}
