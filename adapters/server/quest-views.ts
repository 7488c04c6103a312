import type { QuestState } from '../../sim/model/quests.ts';
import type { WorldState } from '../../sim/state/types.ts';
import type { AdminQuestView, QuestView } from './protocol-quests.ts';
import type { Views } from './views.ts';

/** What every view of a quest shows: the stated goal, the reward and the deadline in words. */
function common(v: Views, q: QuestState) {
  return {
    id: q.id,
    giver: q.giver,
    giverName: v.both((r) => r.actor(q.giver)),
    goal: structuredClone(q.goal),
    stated: v.message(q.stated),
    status: q.status,
    progress: q.progress,
    offeredAt: q.offeredAt,
    deadline: q.deadline,
    deadlineText: v.both((r) => r.clock(q.deadline)),
    reward: { amount: q.reward.amount, text: v.both((r) => r.money(q.reward.amount)) },
  };
}

/**
 * A player's quest log: what was offered to them (by name, and until when it is theirs alone, or open
 * where they stand) and what they took.
 * Built field by field from what the taker may know: the risk and the truth of a source's fact never enter.
 */
export function playerQuests(v: Views, state: WorldState, actor: string, offeredHere: (q: QuestState) => boolean): QuestView[] {
  const out: QuestView[] = [];
  for (const id of Object.keys(state.quests ?? {}).sort()) {
    const q = state.quests![id];
    const mine = q.taker === actor;
    if (!mine && (q.giver === actor || q.status !== 'offered' || !offeredHere(q))) continue;
    out.push({
      ...common(v, q),
      mine,
      heldForYou:
        q.offeredTo === actor && q.heldUntil !== undefined ? { until: q.heldUntil, text: v.both((r) => r.clock(q.heldUntil!)) } : null,
      sources: q.sources.map((s) => ({
        source: s.source,
        name: v.both((r) => r.actor(s.source)),
        claim: v.message(s.claim),
        reliability: 'unknown' as const,
      })),
    });
  }
  return out;
}

/** Every quest for the admin: with the risk the giver withholds and whether each cited fact is true. */
export function adminQuests(v: Views, state: WorldState): AdminQuestView[] {
  return Object.keys(state.quests ?? {})
    .sort()
    .map((id) => {
      const q = state.quests![id];
      return {
        ...common(v, q),
        taker: q.taker,
        offeredTo: q.offeredTo,
        heldUntil: q.heldUntil ?? null,
        rewardFrom: q.reward.from,
        sources: q.sources.map((s) => ({
          source: s.source,
          name: v.both((r) => r.actor(s.source)),
          claim: v.message(s.claim),
          fact: s.fact,
          true: state.facts[s.fact]?.truth === true,
        })),
        risk: { kind: q.risk.kind, text: v.message(q.risk.msg), falseFacts: [...q.risk.facts] },
      };
    });
}
