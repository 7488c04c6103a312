import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TickJudge } from '../sim/judge/judge.ts';
import { proposers } from '../sim/judge/changes.ts';
import type { Catalog } from '../sim/scenario/catalog.ts';
import type { WorldState } from '../sim/state/types.ts';
import { call, consequence, fresh, judgeOne, place, shenzhen } from './helpers/world.ts';

let cat: Catalog;
let s: WorldState;
beforeAll(async () => { cat = await shenzhen(); });
beforeEach(() => { s = fresh(cat); });

const say = { key: 'topic.music' };

describe('the Judge commits only the score change that applies', () => {
  it('a relationship delta past 100 commits what is left, and none at the bound', () => {
    place(s, 'lin_feng', 'dafen_village');
    place(s, 'chen_jing', 'dafen_village');
    s.actors.lin_feng.relations.chen_jing = 98;
    const friendly = () => judgeOne(cat, s, call('lin_feng', 'interact', { target: 'chen_jing', manner: 'friendly', content: say }),
      consequence({ world_changes: [{ type: 'relationship_change', from: 'lin_feng', to: 'chen_jing', delta: 10 }] }));
    const first = friendly().events.filter((e) => e.type === 'relationship_changed');
    expect(first.map((e) => e.type === 'relationship_changed' && e.delta)).toEqual([2]);
    expect(friendly().events.filter((e) => e.type === 'relationship_changed')).toEqual([]);
    expect(s.actors.lin_feng.relations.chen_jing).toBe(100);
  });
  it('two changes to one score in one proposal clamp together; reputation likewise', () => {
    s.actors.lin_feng.reputation = -95;
    const r = judgeOne(cat, s, call('lin_feng', 'express', { channel: 'self_talk', content: say }),
      consequence({ world_changes: [{ type: 'reputation_change', actor: 'lin_feng', delta: -4, reason: 'x' },
        { type: 'reputation_change', actor: 'lin_feng', delta: -4, reason: 'x' }] }));
    expect(r.events.filter((e) => e.type === 'reputation_changed').map((e) => e.type === 'reputation_changed' && e.delta)).toEqual([-4, -1]);
    expect(s.actors.lin_feng.reputation).toBe(-100);
  });
});

describe('reasons name what they are about', () => {
  it('passing a fact to someone absent fills {{target}}', () => {
    place(s, 'lin_feng', 'dafen_village');
    place(s, 'chen_jing', 'dongmen');
    const r = judgeOne(cat, s, call('lin_feng', 'express', { channel: 'shout', content: say }),
      consequence({ world_changes: [{ type: 'new_fact', content: { text: 'x' }, about: null, truth: true },
        { type: 'knowledge_learned', actor: 'chen_jing', fact: '$new:0', from: 'lin_feng', channel: 'shout' }] }));
    expect(r.failed?.reason.code).toBe('not_present');
    expect(r.failed?.reason.message).toEqual({ key: 'reason.not_present', params: { target: { ref: 'actor', id: 'chen_jing' } } });
  });
});

describe('new places cost, are capped and are limited to whom the pack allows', () => {
  const here = 'dafen_village';
  const make = (money: number, name = 'Back alley') => judgeOne(cat, s, call('lin_feng', 'express', { channel: 'self_talk', content: say }),
    consequence({ resource_changes: { money: -money, energy: -30 }, world_changes: [{ type: 'new_location', name: { cn: name, en: name }, parent: here, distance: 1 }] }));
  beforeEach(() => { place(s, 'lin_feng', here); s.actors.lin_feng.money = 10_000; s.actors.lin_feng.energy = 100; });

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
    for (let i = 1; i < rule.perWorld; i++) { s.tick++; s.actors.lin_feng.money = 10_000; s.actors.lin_feng.energy = 100; expect(make(rule.money).failed).toBeNull(); }
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
    } finally { rules.newPlaces = saved; }
    const j = new TickJudge(cat, s, s.tick + 1);
    expect(j.proposal(proposers.effect('e:1', here), [{ type: 'new_location', name: { cn: 'x', en: 'x' }, parent: here, distance: 1 }])?.code).toBe('not_yours');
  });
});
