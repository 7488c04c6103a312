import { judgeEach, type Phase as TickPhase, type TickContext } from './phase.ts';
import type { RequestKind } from './inbox.ts';
import { questOffers } from '../../world-engine/quests/giver.ts';
import { goalMet, offerQuest, settleQuest, takeQuest } from '../judge/quests.ts';
import type { TickJudge } from '../judge/judge.ts';
import { openTo, type QuestGoal, type QuestTake } from '../model/quests.ts';
import { rngFor } from '../rng.ts';
import type { Catalog } from '../scenario/catalog.ts';
import type { ActorState, WorldState } from '../state/types.ts';

/**
 * The quests' part of a tick. First (`questsFirst`): players' takes queued through the API, then bots
 * at a giver's place deciding, seeded and by their drives, whether to take what is offered there. Last
 * (`questsLast`, after everyone acted): each open quest fails, completes or progresses as the Judge
 * finds the committed state, then givers make new offers. Every step is a verdict of sim/judge/quests.ts.
 */
export function questsFirst(ctx: TickContext): void {
  judgeEach(ctx, TAKE, (t) => takeQuest(ctx.judge, t.quest, t.actor));
  if (ctx.state.quests) botsTake(ctx.cat, ctx.state, ctx.judge);
}

export function questsLast(cat: Catalog, state: WorldState, judge: TickJudge): void {
  for (const id of openQuests(state)) settleQuest(judge, id);
  for (const q of questOffers(cat, state, judge.tick)) offerQuest(judge, q);
}

/** A player's taking of a quest through the API, judged before anyone acts. */
export const TAKE: RequestKind<QuestTake> = { id: 'take', askedBy: (t) => t.actor };

function openQuests(state: WorldState): string[] {
  const out: string[] = [];
  for (const id in state.quests ?? {}) {
    const s = state.quests![id].status;
    if (s === 'offered' || s === 'taken') out.push(id);
  }
  return out.sort();
}

/** What in a bot's nature draws it to a goal of each kind. */
const DRAW: Record<QuestGoal['kind'], (a: ActorState) => number> = {
  earn: (a) => a.drives.ambition,
  visit: (a) => (a.drives.creativity + 1 - a.drives.diligence) / 2,
  bring: (a) => a.drives.diligence,
  learn: (a) => a.drives.gossip,
};

/**
 * Bots present where a quest is offered weigh it once a tick each: a seeded chance drawn by their
 * drives (and more when their purse is thin beside the reward). One quest in hand at a time. An offer
 * held for a player is not theirs to weigh until its hold is over.
 */
function botsTake(cat: Catalog, state: WorldState, judge: TickJudge): void {
  const busy = new Set<string>();
  const offered: string[] = [];
  for (const id in state.quests) {
    const q = state.quests[id];
    if (q.status === 'taken' && q.taker) busy.add(q.taker);
    else if (q.status === 'offered') offered.push(id);
  }
  if (!offered.length) return;
  offered.sort();
  const here = new Map<string, string[]>();
  for (const id in state.actors) {
    const a = state.actors[id];
    if (a.player || a.status !== 'alive' || busy.has(id)) continue;
    const list = here.get(a.location) ?? here.set(a.location, []).get(a.location)!;
    list.push(id);
  }
  for (const id of offered) {
    const q = state.quests![id];
    const giver = state.actors[q.giver];
    const people = (here.get(giver.location) ?? []).filter((p) => openTo(q, p, judge.tick) && !busy.has(p)).sort();
    rngFor(state.seed, judge.tick, id, 'quest-takers').shuffle(people);
    for (const p of people) {
      const a = state.actors[p];
      // a goal already met is no errand: nobody is drawn to be paid for nothing
      if (goalMet(state, { ...q, taker: p })) continue;
      const want = 0.1 + 0.4 * DRAW[q.goal.kind](a) + (a.money < q.reward.amount * 2 ? 0.15 : 0);
      if (!rngFor(state.seed, judge.tick, p, `quest-take:${id}`).chance(want)) continue;
      if (takeQuest(judge, id, p) === null) {
        busy.add(p);
        break;
      }
    }
  }
}

/** Players' takes and bots' choices, before anyone acts. */
export const questTakePhase: TickPhase = {
  id: 'quests.take',
  at: 'open',
  run: questsFirst,
};

/** Settling and new offers, after everyone has acted. */
export const questSettlePhase: TickPhase = {
  id: 'quests.settle',
  at: 'close',
  run: ({ cat, state, judge }) => questsLast(cat, state, judge),
};
