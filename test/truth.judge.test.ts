import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TickJudge } from '../sim/judge/judge.ts';
import { proposers } from '../sim/judge/changes.ts';
import { describeEvent } from '../sim/i18n/describe.ts';
import { Renderer } from '../sim/i18n/render.ts';
import { SummaryBuilder } from '../adapters/cli/summary.ts';
import { MetricsFold } from '../sim/metrics/fold.ts';
import { toTickMetrics } from '../adapters/server/metrics.ts';
import type { Catalog } from '../sim/scenario/catalog.ts';
import type { WorldState } from '../sim/state/types.ts';
import { call, consequence, fresh, judgeOne, place, shenzhen } from './helpers/world.ts';

let cat: Catalog;
let s: WorldState;
beforeAll(async () => {
  cat = await shenzhen();
});
beforeEach(() => {
  s = fresh(cat);
});

const say = { key: 'topic.music' };

describe('the Judge commits only the score change that applies', () => {
  it('a relationship delta near 100 commits a paced step, and none at the bound', () => {
    place(s, 'lin_feng', 'dafen_village');
    place(s, 'chen_jing', 'dafen_village');
    s.actors.lin_feng.relations.chen_jing = 90;
    const friendly = () =>
      judgeOne(
        cat,
        s,
        call('lin_feng', 'interact', { target: 'chen_jing', manner: 'friendly', content: say }),
        consequence({ world_changes: [{ type: 'relationship_change', from: 'lin_feng', to: 'chen_jing', delta: 10 }] }),
      );
    const first = friendly().events.filter((e) => e.type === 'relationship_changed');
    expect(first.map((e) => e.type === 'relationship_changed' && e.delta)).toEqual([1]);
    expect(s.actors.lin_feng.relations.chen_jing).toBe(91);
    s.actors.lin_feng.relations.chen_jing = 100;
    expect(friendly().events.filter((e) => e.type === 'relationship_changed')).toEqual([]);
    expect(s.actors.lin_feng.relations.chen_jing).toBe(100);
  });
  it('two changes to one score in one proposal clamp together; reputation likewise', () => {
    s.actors.lin_feng.reputation = -95;
    const r = judgeOne(
      cat,
      s,
      call('lin_feng', 'express', { channel: 'self_talk', content: say }),
      consequence({
        world_changes: [
          { type: 'reputation_change', actor: 'lin_feng', delta: -4, reason: 'x' },
          { type: 'reputation_change', actor: 'lin_feng', delta: -4, reason: 'x' },
        ],
      }),
    );
    expect(r.events.filter((e) => e.type === 'reputation_changed').map((e) => e.type === 'reputation_changed' && e.delta)).toEqual([
      -4, -1,
    ]);
    expect(s.actors.lin_feng.reputation).toBe(-100);
  });
});

describe('reasons name what they are about', () => {
  it('passing a fact to someone absent fills {{target}}', () => {
    place(s, 'lin_feng', 'dafen_village');
    place(s, 'chen_jing', 'dongmen');
    const r = judgeOne(
      cat,
      s,
      call('lin_feng', 'express', { channel: 'shout', content: say }),
      consequence({
        world_changes: [
          { type: 'new_fact', content: { text: 'x' }, about: null, truth: true },
          { type: 'knowledge_learned', actor: 'chen_jing', fact: '$new:0', from: 'lin_feng', channel: 'shout' },
        ],
      }),
    );
    expect(r.failed?.reason.code).toBe('not_present');
    expect(r.failed?.reason.message).toEqual({ key: 'reason.not_present', params: { target: { ref: 'actor', id: 'chen_jing' } } });
  });
});

describe('new places cost, are capped and are limited to whom the pack allows', () => {
  const here = 'dafen_village';
  const make = (money: number, name = 'Back alley') =>
    judgeOne(
      cat,
      s,
      call('lin_feng', 'express', { channel: 'self_talk', content: say }),
      consequence({
        resource_changes: { money: -money, energy: -30 },
        world_changes: [{ type: 'new_location', name: { cn: name, en: name }, parent: here, distance: 1 }],
      }),
    );
  beforeEach(() => {
    place(s, 'lin_feng', here);
    s.actors.lin_feng.money = 10_000;
    s.actors.lin_feng.energy = 100;
  });

  it('a place made for nothing is refused as underpaid; paid, it is made', () => {
    const rule = cat.scenario.meta.rules.newPlaces;
    expect(make(0).failed?.reason.code).toBe('underpaid');
    expect(make(rule.money).failed).toBeNull();
    expect(s.generatedPlaces).toHaveLength(1);
  });
  it('one per tick, then the world cap', () => {
    const rule = cat.scenario.meta.rules.newPlaces;
    expect(make(rule.money).failed).toBeNull();
    expect(make(rule.money).failed?.reason.code).toBe('place_cap');
    for (let i = 1; i < rule.perWorld; i++) {
      s.tick++;
      s.actors.lin_feng.money = 10_000;
      s.actors.lin_feng.energy = 100;
      expect(make(rule.money).failed).toBeNull();
    }
    s.tick++;
    expect(make(rule.money).failed?.reason.code).toBe('place_cap');
    expect(s.generatedPlaces).toHaveLength(rule.perWorld);
  });
  it('only roles the pack names may make places; never a lasting effect', () => {
    const rules = cat.scenario.meta.rules;
    const saved = rules.newPlaces;
    rules.newPlaces = { ...saved, roles: ['employer'] };
    try {
      expect(make(saved.money).failed?.reason.code).toBe('not_yours');
    } finally {
      rules.newPlaces = saved;
    }
    const j = new TickJudge(cat, s, s.tick + 1);
    expect(
      j.proposal(proposers.effect('e:1', here), [{ type: 'new_location', name: { cn: 'x', en: 'x' }, parent: here, distance: 1 }])?.code,
    ).toBe('not_yours');
  });
});

describe('narration is held to the changes', () => {
  const feed = (events: ReturnType<typeof judgeOne>['events']) =>
    (['cn', 'en'] as const)
      .flatMap((lang) => {
        const r = new Renderer(lang, cat, s);
        return events.map((e) => describeEvent(r, e) ?? '');
      })
      .join('\n');

  it('a narrative that declares a death and a destruction with no change never reaches the log or the feed', () => {
    place(s, 'lin_feng', 'dongmen');
    const text = 'Lao Chen collapses and dies; his stall burns down.';
    const r = judgeOne(
      cat,
      s,
      call('lin_feng', 'express', { channel: 'self_talk', content: say }),
      consequence({ narrative: { text }, side_effects: [{ text: '老陈倒在地上，断了气' }, { text: 'A breeze.' }] }),
    );
    expect(r.failed).toBeNull();
    const log = JSON.stringify(r.events);
    expect(log).not.toContain('dies');
    expect(log).not.toContain('断了气');
    const action = r.events.find((e) => e.type === 'action');
    expect(action?.type === 'action' && action.narrative).toEqual({
      key: 'narrative.held.express',
      params: { actor: { ref: 'actor', id: 'lin_feng' } },
    });
    expect(action?.type === 'action' && [action.side_effects, action.held]).toEqual([[{ text: 'A breeze.' }], 2]);
    expect(feed(r.events)).not.toMatch(/dies|burns|断了气/);
    expect(s.actors.lao_chen.status).toBe('alive');
  });
  it('the same words pass when the changes carry them', () => {
    place(s, 'lin_feng', 'dongmen');
    s.actors.lin_feng.money = 500;
    const r = judgeOne(
      cat,
      s,
      call('lin_feng', 'express', { channel: 'self_talk', content: say }),
      consequence({ narrative: { text: 'Lin Feng paid 20 for nothing.' }, resource_changes: { money: -20 } }),
    );
    const action = r.events.find((e) => e.type === 'action');
    expect(action?.type === 'action' && [action.narrative, action.held]).toEqual([{ text: 'Lin Feng paid 20 for nothing.' }, undefined]);
  });
  it('the dry run names the unbacked claims, and commits nothing', () => {
    const before = structuredClone(s);
    const j = new TickJudge(cat, s, 1);
    const why = j.dryRun(
      call('lin_feng', 'express', { channel: 'self_talk', content: say }),
      consequence({ narrative: { text: '老陈死了' } }),
    );
    expect(why?.code).toBe('unbacked_claim');
    expect(JSON.stringify(why?.message)).toContain('death (lao_chen)');
    expect(
      j.dryRun(
        call('lin_feng', 'express', { channel: 'self_talk', content: say }),
        consequence({ world_changes: [{ type: 'entity_removal', entity: 'e:999', reason: 'x' }] }),
      )?.code,
    ).toBe('unknown_entity');
    expect(s).toEqual(before);
  });
});

describe("a speaker's claim about the world is hearsay", () => {
  it('a shout that Lao Chen is dead is recorded as a claim that contradicts the state, and heard as what the speaker said', () => {
    place(s, 'lin_feng', 'dongmen');
    const r = judgeOne(cat, s, call('lin_feng', 'express', { channel: 'shout', content: { text: 'Lao Chen is dead!' } }), consequence());
    const claims = r.events.filter((e) => e.type === 'claimed');
    expect(claims.map((e) => e.type === 'claimed' && [e.actor, e.kind, e.about, e.contradicts])).toEqual([
      ['lin_feng', 'death', ['lao_chen'], true],
    ]);
    expect(s.actors.lao_chen.status).toBe('alive');
    const heard = s.places.dongmen.recent.at(-1)!;
    expect(heard.msg).toEqual({
      key: 'observe.claimed_about',
      params: { actor: { ref: 'actor', id: 'lin_feng' }, kind: 'claim_death', about: { ref: 'actor', id: 'lao_chen' } },
    });
    expect(new Renderer('en', cat, s).render(heard.msg)).toBe('Lin Feng claims a death about Lao Chen (hearsay)');
    expect(feed(r.events)).toContain('contradicted by what is known');
  });
  it('a true claim does not contradict', () => {
    s.actors.lao_chen.status = 'dying';
    const r = judgeOne(cat, s, call('lin_feng', 'express', { channel: 'shout', content: { text: '老陈快死了！' } }), consequence());
    expect(r.events.filter((e) => e.type === 'claimed').map((e) => e.type === 'claimed' && e.contradicts)).toEqual([false]);
  });
  const feed = (events: ReturnType<typeof judgeOne>['events']) => {
    const r = new Renderer('en', cat, s);
    return events.map((e) => describeEvent(r, e) ?? '').join('\n');
  };
});

describe('the run summary and the server metrics count claims', () => {
  it('claims made, contradicted, and texts held back', () => {
    place(s, 'lin_feng', 'dongmen');
    const j = new TickJudge(cat, s, 1);
    j.call(call('lin_feng', 'express', { channel: 'shout', content: { text: 'Lao Chen is dead! Lin Feng arrived at Dongmen.' } }), {
      ok: true,
      consequence: consequence({ narrative: { text: 'Everyone at Dongmen was robbed.' } }),
    });
    const events = j.finish();
    const sum = new SummaryBuilder();
    sum.add(events);
    expect([sum.claims, sum.contradictedClaims, sum.heldTexts]).toEqual([2, 1, 1]);
    const fold = new MetricsFold(cat, s);
    fold.adopt(s);
    expect(toTickMetrics(fold.add(events)).claims).toEqual({ made: 2, contradicted: 1, held: 1 });
  });
});

describe('a claim said to someone', () => {
  it("is remembered by the listener as the speaker's claim", () => {
    place(s, 'lin_feng', 'dongmen');
    place(s, 'fang_lan', 'dongmen');
    judgeOne(
      cat,
      s,
      call('lin_feng', 'interact', { target: 'fang_lan', manner: 'friendly', content: { text: '老陈的摊子烧毁了' } }),
      consequence(),
    );
    const m = s.actors.fang_lan.memory.at(-1)!;
    expect(m.kind).toBe('told');
    expect(new Renderer('en', cat, s).render(m.msg)).toBe('Lin Feng claims a destruction about Lao Chen (hearsay)');
  });
});
