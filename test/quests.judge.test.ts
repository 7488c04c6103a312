import { describe, expect, it } from 'vitest';
import { questOffers } from '../world-engine/quests/giver.ts';
import { TickJudge } from '../sim/judge/judge.ts';
import { offerQuest, settleQuest, takeQuest } from '../sim/judge/quests.ts';
import { proposers, validateChange } from '../sim/judge/changes.ts';
import { type QuestState, statedOf } from '../sim/model/quests.ts';
import { msg, ref } from '../sim/model/text.ts';
import type { Catalog } from '../sim/scenario/catalog.ts';
import { applyEvent } from '../sim/state/apply.ts';
import type { WorldState } from '../sim/state/types.ts';
import { fresh, shenzhen } from './helpers/world.ts';

/**
 * The Judge's side of quests: a lying offer is refused with its reason and commits nothing; a true one
 * is committed; a completion pays the reward out of the giver's purse (money conserved) with a bring
 * goal's hand-over in the same draft; a quest not done by its deadline fails.
 */
let cat: Catalog;

/** The Shenzhen world at tick 1 with He Wenbo's paint errand proposed by the rules giver (Fang Lan stands by at Dongmen). */
async function scene(): Promise<{ s: WorldState; offer: QuestState }> {
  cat = await shenzhen();
  const s = fresh(cat, 3);
  s.tick = 0;
  const offer = questOffers(cat, s, 1).find((q) => q.def === 'paint_for_class');
  expect(offer, 'the paint errand is proposed').toBeDefined();
  return { s, offer: offer! };
}

/** A fact `actor` really heard (committed as the fold would), to cite. */
function hear(s: WorldState, actor: string, truth: boolean): string {
  const id = `f:${s.counters.fact + 1}`;
  applyEvent(s, {
    type: 'fact_created',
    tick: 0,
    seq: 0,
    fact: {
      id,
      content: msg('fact.rumour', { template: ref('template', 'rumour_hiring'), about: ref('actor', 'wang_hao') }),
      about: 'wang_hao',
      truth,
      origin: { actor, tick: 0, place: s.actors[actor].location },
    },
  });
  applyEvent(s, { type: 'fact_learned', tick: 0, seq: 1, actor, fact: id, from: actor, channel: 'origin' });
  return id;
}

function refused(s: WorldState, q: QuestState): string | undefined {
  const judge = new TickJudge(cat, s, 1);
  const reason = offerQuest(judge, q);
  // refused whole: nothing committed, no quest in the world
  expect(judge.events).toEqual([]);
  expect(s.quests?.[q.id]).toBeUndefined();
  return reason?.code;
}

describe('the no-lie rule', () => {
  it('commits a true offer, and records which cited facts only the Judge knows are false', async () => {
    const { s, offer } = await scene();
    const f = hear(s, 'chen_jing', false);
    const q = { ...offer, sources: [{ source: 'chen_jing', fact: f, claim: structuredClone(s.facts[f].content) }] };
    const judge = new TickJudge(cat, s, 1);
    expect(offerQuest(judge, q)).toBeNull();
    expect(judge.events.map((e) => e.type)).toEqual(['quest_offered']);
    expect(s.quests![q.id]).toMatchObject({ status: 'offered', giver: 'he_wenbo', risk: { kind: 'costly', facts: [f] } });
  });

  it('refuses a lying offer with a reason, and commits nothing', async () => {
    const { s, offer } = await scene();
    const restate = (q: QuestState): QuestState => ({ ...q, stated: statedOf(q.def, q.goal, q.reward.amount, q.deadline) });
    // a goal naming a place that is not there, stated as such
    expect(refused(s, restate({ ...offer, goal: { kind: 'visit', place: 'atlantis' } }))).toBe('quest_goal_false');
    // a goal naming someone dead
    s.actors.fang_lan.status = 'dead';
    expect(refused(s, restate({ ...offer, goal: { kind: 'bring', item: 'paint', count: 2, to: 'fang_lan' } }))).toBe('quest_goal_false');
    s.actors.fang_lan.status = 'alive';
    // words that say more than the goal (three paint sets where two are asked)
    expect(
      refused(s, {
        ...offer,
        stated: statedOf(offer.def, { kind: 'bring', item: 'paint', count: 3, to: 'he_wenbo' }, offer.reward.amount, offer.deadline),
      }),
    ).toBe('quest_misstated');
    // a source who never heard the fact attributed to them
    const f = hear(s, 'chen_jing', true);
    expect(refused(s, { ...offer, sources: [{ source: 'lin_feng', fact: f, claim: s.facts[f].content }] })).toBe('quest_source_unaware');
    // a source who heard it, misquoted
    expect(refused(s, { ...offer, sources: [{ source: 'chen_jing', fact: f, claim: { text: 'the site pays double' } }] })).toBe(
      'quest_claim_altered',
    );
    // a reward the giver cannot pay
    const purse = s.actors.he_wenbo.money;
    s.actors.he_wenbo.money = offer.reward.amount - 1;
    expect(refused(s, offer)).toBe('quest_cannot_pay');
    s.actors.he_wenbo.money = purse;
    // a risk other than the pack's own (the giver does not get to rewrite what it withholds)
    expect(refused(s, { ...offer, risk: { ...offer.risk, kind: 'danger' } })).toBe('quest_risk_changed');
  });
});

describe('a quest as committed events', () => {
  it("is taken at the giver's place, completed with the hand-over and the reward from the giver, and money is conserved", async () => {
    const { s, offer } = await scene();
    let judge = new TickJudge(cat, s, 1);
    expect(offerQuest(judge, offer)).toBeNull();
    judge.finish();
    // someone elsewhere cannot take it; Fang Lan, at Dongmen with the giver, can
    judge = new TickJudge(cat, s, 2);
    expect(takeQuest(judge, offer.id, 'lin_feng')?.code).toBe('quest_not_here');
    expect(takeQuest(judge, offer.id, 'he_wenbo')?.code).toBe('quest_not_yours');
    expect(takeQuest(judge, offer.id, 'fang_lan')).toBeNull();
    expect(takeQuest(judge, offer.id, 'fang_lan')?.code).toBe('quest_not_open');
    // without the paint, it only waits
    expect(settleQuest(judge, offer.id)).toBeNull();
    expect(s.quests![offer.id].status).toBe('taken');
    judge.finish();
    // she comes back with two paint sets she bought (the fold of her purchase)
    applyEvent(s, { type: 'resource_changed', tick: 2, seq: 99, actor: 'fang_lan', resource: 'item:paint', delta: 2, reason: 'bought' });
    const before = { total: s.moneyTotal, giver: s.actors.he_wenbo.money, taker: s.actors.fang_lan.money };
    judge = new TickJudge(cat, s, 3);
    expect(settleQuest(judge, offer.id)).toBeNull();
    const [summary] = judge.finish().filter((e) => e.type === 'tick_summary');
    expect(judge.events.filter((e) => e.type !== 'tick_summary').map((e) => e.type)).toEqual(['quest_completed', 'transfer', 'transfer']);
    expect(s.quests![offer.id]).toMatchObject({ status: 'completed', progress: 100, taker: 'fang_lan' });
    expect(s.actors.fang_lan.inventory.paint ?? 0).toBe(0);
    expect(s.actors.he_wenbo.inventory.paint).toBe(2);
    expect(s.actors.he_wenbo.money).toBe(before.giver - offer.reward.amount);
    expect(s.actors.fang_lan.money).toBe(before.taker + offer.reward.amount);
    expect(s.moneyTotal).toBe(before.total);
    expect(summary.type === 'tick_summary' && summary.money).toMatchObject({
      created: 0,
      destroyed: 0,
      before: before.total,
      after: before.total,
    });
  });

  it("lets no one but the quest move another's things: a hand-over outside a completion is refused", async () => {
    const { s } = await scene();
    s.actors.fang_lan.inventory.paint = 2;
    const judge = new TickJudge(cat, s, 1);
    const reason = judge.judged(proposers.story('quest', 'he_wenbo', 'dongmen'), (d) =>
      validateChange(
        d,
        { type: 'resource_transfer', from: 'fang_lan', to: 'he_wenbo', resource: 'item:paint', amount: 2, reason: 'quest' },
        proposers.story('quest', 'he_wenbo', 'dongmen'),
      ),
    );
    expect(reason?.code).toBe('not_yours');
    expect(s.actors.fang_lan.inventory.paint).toBe(2);
  });

  it('fails when its deadline passes, and when its giver is gone', async () => {
    const { s, offer } = await scene();
    let judge = new TickJudge(cat, s, 1);
    offerQuest(judge, offer);
    judge = new TickJudge(cat, s, 2);
    takeQuest(judge, offer.id, 'fang_lan');
    judge = new TickJudge(cat, s, offer.deadline);
    expect(settleQuest(judge, offer.id)).toBeNull();
    expect(s.quests![offer.id].status).toBe('taken');
    judge = new TickJudge(cat, s, offer.deadline + 1);
    expect(settleQuest(judge, offer.id)).toBeNull();
    expect(judge.events).toMatchObject([{ type: 'quest_failed', quest: offer.id, actor: 'fang_lan', reason: 'deadline' }]);
    expect(s.quests![offer.id].status).toBe('failed');

    // another offer, never taken: its giver dies
    const again = {
      ...offer,
      id: 'paint_for_class-5',
      offeredAt: 5,
      deadline: 5 + 60,
      stated: statedOf(offer.def, offer.goal, offer.reward.amount, 65),
    };
    judge = new TickJudge(cat, s, 5);
    expect(offerQuest(judge, again)).toBeNull();
    s.actors.he_wenbo.status = 'dead';
    judge = new TickJudge(cat, s, 6);
    settleQuest(judge, again.id);
    expect(judge.events).toMatchObject([{ type: 'quest_failed', quest: again.id, actor: null, reason: 'giver_gone' }]);
  });
});
