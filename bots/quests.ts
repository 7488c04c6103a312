import type { QuestGoal } from '../sim/model/quests.ts';
import type { WorldState } from '../sim/state/types.ts';

/** A quest as its taker knows it: the stated goal, where it was given, when it is due. Never its risk, nor whether a source was right. */
export interface KnownQuest {
  id: string;
  goal: QuestGoal;
  at: string | null;
  deadline: number;
}

/** One quest of the world as its taker knows it. */
export function knownQuest(state: WorldState, id: string): KnownQuest {
  const q = state.quests![id];
  // a goal is flat (sim/model/quests.ts): a spread copies it whole, far cheaper than structuredClone per perception
  return { id, goal: { ...q.goal }, at: q.at ?? null, deadline: q.deadline };
}
