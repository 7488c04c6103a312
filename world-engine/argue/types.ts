import { type Argument, type ArgueVerdict, judgeArgument } from '../../sim/judge/argue.ts';
import type { Text } from '../../sim/model/text.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { WorldState } from '../../sim/state/types.ts';

/**
 * What the server makes of a player's argument before queueing it: the verdict, who judged the fit
 * (`by`, queued with an accepted argument so that the Judge knows what to verify), and, when a model
 * judged it, its reason in both languages for the player.
 */
export interface ArgueOutcome {
  verdict: ArgueVerdict;
  by: 'rules' | 'model';
  why?: Text;
}

export interface ArgueJudge {
  readonly name: string;
  judge(cat: Catalog, state: WorldState, r: Argument): ArgueOutcome | Promise<ArgueOutcome>;
}

/** The rules alone (sim/judge/argue.ts): the offline judge, and every model judge's fallback. */
export const rulesArgueJudge: ArgueJudge = {
  name: 'rules',
  judge: (cat, state, r) => ({ verdict: judgeArgument(cat, state, { ...r, by: 'rules' }), by: 'rules' }),
};
