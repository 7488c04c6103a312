import type { Reason } from '../model/events.ts';
import { isSafeId, own } from '../model/ids.ts';
import { openTo, type QuestDef, type QuestGoal, type QuestState, riskOf, statedOf } from '../model/quests.ts';
import { ref } from '../model/text.ts';
import { placeExists } from '../scenario/catalog.ts';
import { isClosed } from '../state/overrides.ts';
import type { ActorState, WorldState } from '../state/types.ts';
import { canonicalJson } from '../lib/canonical.ts';
import { proposers, validateChange } from './changes.ts';
import type { Draft } from './draft.ts';
import type { TickJudge } from './judge.ts';
import { check } from './reasons.ts';
import { knowsFact } from '../state/knowledge.ts';

/**
 * The no-lie rule (docs/design.md, Quests): a quest giver may withhold and be vague, never lie. Every verdict on a
 * quest is judged here against the committed state, through `TickJudge.judged`, so a quest is made of
 * committed events only: offered, taken, progressed, completed (its reward paid in the same draft)
 * or failed. A refusal commits nothing and says why.
 */

const outOfPlay = (a: ActorState) => a.status === 'dead' || a.status === 'restrained_permanent';
const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

export function questDef(d: { cat: Draft['cat'] }, id: string): QuestDef | undefined {
  return d.cat.scenario.quests?.quests.find((q) => q.id === id);
}

/**
 * An offer: accepted only if its goal is literally true now (every id it names exists: the item in the
 * pack, the place open, the person in play), the stated words are the goal's own rendering, the reward
 * can be paid (the giver holds it now, or the pack declares its source), and every source really knows
 * the fact attributed to it, shown as that fact's own content; and whom it names is a player standing
 * there, for whom it is held the pack's `offer.hold` ticks. The Judge, who alone knows which facts are
 * false, records them with the withheld risk.
 */
export function offerQuest(judge: TickJudge, q: QuestState): Reason | null {
  const place = own(judge.state.actors, q.giver)?.location ?? '';
  return judge.judged(proposers.story('quest', q.giver, place), (d) => {
    const def = questDef(d, q.def);
    check(def, 'quest_unknown', { id: q.def });
    check(isSafeId(q.id) && !own(d.state.quests ?? {}, q.id), 'quest_id_taken', { id: q.id });
    const giver = own(d.state.actors, q.giver);
    check(giver && q.giver === def.giver && giver.status === 'alive', 'quest_no_giver', { id: q.giver });
    check(
      q.status === 'offered' &&
        q.taker === null &&
        q.progress === 0 &&
        q.offeredAt === d.tick &&
        q.deadline > d.tick &&
        (q.at === undefined || q.at === giver.location),
      'quest_malformed',
    );
    heldRight(d, q, def, giver.location);
    goalTrue(d, q.goal);
    check(q.reward.amount === def.reward.amount, 'quest_reward_changed');
    if (def.reward.source)
      check(q.reward.from === def.reward.source && d.cat.sources.has(def.reward.source), 'quest_reward_source', { source: q.reward.from });
    else
      check(q.reward.from === q.giver && giver.money >= q.reward.amount, 'quest_cannot_pay', {
        actor: ref('actor', q.giver),
        money: q.reward.amount,
      });
    check(same(q.stated, statedOf(def.id, q.goal, q.reward.amount, q.deadline)), 'quest_misstated');
    const cited = new Set<string>();
    for (const s of q.sources) {
      const a = own(d.state.actors, s.source);
      check(a, 'unknown_actor', { id: s.source });
      const fact = own(d.state.facts, s.fact);
      check(fact && knowsFact(a.knows, s.fact), 'quest_source_unaware', { actor: ref('actor', s.source) });
      check(same(s.claim, fact.content), 'quest_claim_altered', { actor: ref('actor', s.source) });
      check(!cited.has(`${s.source}|${s.fact}`), 'quest_malformed');
      cited.add(`${s.source}|${s.fact}`);
    }
    check(q.risk.kind === def.risk.kind && same(q.risk.msg, riskOf(def.id)), 'quest_risk_changed');
    const facts = [...new Set(q.sources.map((s) => s.fact))].filter((f) => !d.state.facts[f].truth).sort();
    d.emit({ type: 'quest_offered', quest: { ...structuredClone(q), risk: { ...structuredClone(q.risk), facts } } });
  });
}

/**
 * Whom an offer names: nobody (anyone at the giver's place may take it), or a player in play standing
 * there, held for them exactly the def's `offer.hold` ticks.
 */
function heldRight(d: Draft, q: QuestState, def: QuestDef, place: string): void {
  if (q.offeredTo === null) {
    check(q.heldUntil === undefined, 'quest_malformed');
    return;
  }
  const to = own(d.state.actors, q.offeredTo);
  check(to, 'unknown_actor', { id: q.offeredTo });
  check(
    to.player &&
      !to.player.freed &&
      to.player.away === undefined &&
      to.status === 'alive' &&
      to.location === place &&
      q.offeredTo !== q.giver,
    'quest_not_here_to_offer',
    {
      actor: ref('actor', q.offeredTo),
    },
  );
  check(q.heldUntil === q.offeredAt + def.offer.hold, 'quest_malformed');
}

/** Every id the goal names exists now, and what it asks can be done: no goal names a closed place or someone out of play. */
function goalTrue(d: Draft, g: QuestGoal): void {
  const person = (id: string) => {
    const a = own(d.state.actors, id);
    check(a && !outOfPlay(a), 'quest_goal_false', { what: 'person', id });
  };
  switch (g.kind) {
    case 'bring':
      check(d.cat.items.has(g.item) && Number.isInteger(g.count) && g.count > 0, 'quest_goal_false', { what: 'item', id: g.item });
      person(g.to);
      break;
    case 'visit':
      check(isSafeId(g.place) && placeExists(d.cat, d.state, g.place) && !isClosed(d.state, g.place), 'quest_goal_false', {
        what: 'place',
        id: g.place,
      });
      break;
    case 'learn':
      person(g.about);
      break;
    case 'earn':
      check(Number.isInteger(g.amount) && g.amount > 0, 'quest_goal_false', { what: 'amount', id: String(g.amount) });
      break;
    default:
      check(false, 'quest_goal_false', { what: 'kind', id: String((g as { kind: unknown }).kind) });
  }
}

/** Taking: someone in play other than the giver, at the giver's place, takes a quest still offered, not held for someone else. */
export function takeQuest(judge: TickJudge, quest: string, actor: string): Reason | null {
  const place = own(judge.state.actors, actor)?.location ?? '';
  return judge.judged(proposers.story('quest', actor, place), (d) => {
    const q = own(d.state.quests ?? {}, quest);
    check(q, 'quest_unknown', { id: quest });
    check(q.status === 'offered' && d.tick <= q.deadline, 'quest_not_open');
    const a = own(d.state.actors, actor);
    check(a && a.status === 'alive', 'quest_cannot_take');
    check(openTo(q, actor, d.tick), 'quest_not_yours');
    const giver = d.state.actors[q.giver];
    check(!outOfPlay(giver) && giver.location === a.location, 'quest_not_here', { actor: ref('actor', q.giver) });
    d.emit({ type: 'quest_taken', quest, actor });
  });
}

/** Whether the taker has brought the goal about, in the committed state. */
export function goalMet(state: WorldState, q: QuestState): boolean {
  const a = q.taker ? state.actors[q.taker] : undefined;
  if (!a) return false;
  const g = q.goal;
  switch (g.kind) {
    case 'visit':
      return a.location === g.place;
    case 'earn':
      return a.money >= g.amount;
    case 'learn':
      return a.knows.some((f) => state.facts[f]?.about === g.about);
    case 'bring': {
      const to = state.actors[g.to];
      return !!to && !outOfPlay(to) && to.location === a.location && (a.inventory[g.item] ?? 0) >= g.count;
    }
  }
}

/** How far along the taker is, 0..75 in steps of 25 (100 is completion's alone). */
export function progressOf(state: WorldState, q: QuestState): number {
  const a = q.taker ? state.actors[q.taker] : undefined;
  if (!a) return 0;
  const g = q.goal;
  const raw = g.kind === 'earn' ? a.money / g.amount : g.kind === 'bring' ? Math.min(a.inventory[g.item] ?? 0, g.count) / g.count : 0;
  return Math.min(75, Math.floor(raw * 4) * 25);
}

/** Why an open quest fails now, if it does: its deadline passed, its giver or taker is out of play, or the reward cannot be paid for a goal met. */
export function failureOf(state: WorldState, q: QuestState, tick: number): string | null {
  if (q.status !== 'offered' && q.status !== 'taken') return null;
  if (outOfPlay(state.actors[q.giver])) return 'giver_gone';
  if (q.taker && outOfPlay(state.actors[q.taker])) return 'taker_gone';
  if (tick > q.deadline) return q.status === 'offered' ? 'not_taken' : 'deadline';
  if (q.status === 'taken' && q.reward.from === q.giver && goalMet(state, q) && state.actors[q.giver].money < q.reward.amount)
    return 'unpaid';
  return null;
}

/**
 * One step of an open quest: it fails (with the reason the Judge finds), or is completed (the goal met:
 * a bring goal's hand-over and the reward, as changes through the validators, in the same draft as
 * `quest_completed`), or its progress is recorded when it moved. Returns the refusal, if any.
 */
export function settleQuest(judge: TickJudge, quest: string): Reason | null {
  const q = own(judge.state.quests ?? {}, quest);
  if (!q || (q.status !== 'offered' && q.status !== 'taken')) return null;
  const p = proposers.story('quest', q.giver, judge.state.actors[q.giver]?.location ?? '');
  const why = failureOf(judge.state, q, judge.tick);
  if (why) {
    return judge.judged(p, (d) => {
      check(failureOf(d.state, q, d.tick) === why, 'quest_not_failed');
      d.emit({ type: 'quest_failed', quest, actor: q.taker, reason: why });
    });
  }
  if (q.status !== 'taken') return null;
  if (goalMet(judge.state, q)) {
    return judge.judged(p, (d) => {
      check(goalMet(d.state, q), 'quest_not_met');
      const taker = q.taker!;
      d.emit({ type: 'quest_completed', quest, actor: taker });
      if (q.goal.kind === 'bring') {
        validateChange(
          d,
          { type: 'resource_transfer', from: taker, to: q.goal.to, resource: `item:${q.goal.item}`, amount: q.goal.count, reason: 'quest' },
          p,
        );
      }
      if (q.reward.from === q.giver)
        validateChange(
          d,
          { type: 'resource_transfer', from: q.giver, to: taker, resource: 'money', amount: q.reward.amount, reason: 'quest' },
          p,
        );
      else validateChange(d, { type: 'money_source', to: taker, amount: q.reward.amount, source: q.reward.from }, p);
    });
  }
  const progress = progressOf(judge.state, q);
  if (progress === q.progress) return null;
  return judge.judged(p, (d) => d.emit({ type: 'quest_progressed', quest, actor: q.taker!, progress }));
}
