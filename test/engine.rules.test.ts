import { checkFor } from '../sim/model/check.ts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCatalog, type Catalog } from '../sim/scenario/catalog.ts';
import type { WorldState } from '../sim/state/types.ts';
import { act, passTicks } from './helpers/act.ts';
import { call, fresh, place, shenzhen } from './helpers/world.ts';
import type { Consequence } from '../sim/model/consequence.ts';
import type { ToolCall } from '../sim/model/tools.ts';
import { indexPlaces } from '../sim/state/place-index.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { sliceFor } from '../world-engine/slice.ts';

let cat: Catalog;
let s: WorldState;
beforeAll(async () => {
  cat = await shenzhen();
});
beforeEach(() => {
  s = fresh(cat, 3);
});

const owned = (state: WorldState, owner: string, template: string) =>
  Object.values(state.entities).filter((e) => e.owner === owner && e.template === template);

describe('the rule engine resolves every tool into consequences the Judge accepts', () => {
  it('a stall becomes an entity that earns its owner money on later ticks', () => {
    place(s, 'zhou_wei', 'nanshan_tech_park');
    const r = act(cat, s, call('zhou_wei', 'create', { what: 'food_stall', where: 'nanshan_tech_park', using: { money: 200 } }));
    expect(r.failed).toBeNull();
    const [stall] = owned(s, 'zhou_wei', 'food_stall');
    expect(stall.location).toBe('nanshan_tech_park');
    const money = s.actors.zhou_wei.money;
    const later = passTicks(cat, s, 30);
    const income = later.filter((e) => e.type === 'money_created' && e.to === 'zhou_wei' && e.source === 'stall_sales');
    expect(income.length).toBeGreaterThan(0);
    expect(s.actors.zhou_wei.money).toBe(money + income.reduce((n, e) => n + (e.type === 'money_created' ? e.amount : 0), 0));
  });

  it('a mural lifts how a place feels, and the lift goes when it fades', () => {
    place(s, 'chen_jing', 'dafen_village');
    const mood = s.places.dafen_village.mood;
    expect(act(cat, s, call('chen_jing', 'create', { what: 'mural', where: 'dafen_village', using: { money: 60 } })).failed).toBeNull();
    expect(s.places.dafen_village.mood).toBeGreaterThan(mood);
    const lifetime = cat.templates.get('mural')!.effects.find((e) => e.type === 'mood')!;
    passTicks(cat, s, (lifetime as { lifetime: number }).lifetime + 1);
    expect(owned(s, 'chen_jing', 'mural')).toHaveLength(0);
    expect(s.places.dafen_village.mood).toBe(mood);
  });

  it('a class without students closes; a student pays the fee and learns the skill', () => {
    place(s, 'lin_feng', 'shenzhen_bay_park');
    expect(
      act(cat, s, call('lin_feng', 'create', { what: 'guitar_class', where: 'shenzhen_bay_park', using: { energy: 20 } })).failed,
    ).toBeNull();
    const [cls] = owned(s, 'lin_feng', 'guitar_class');
    place(s, 'su_yuqing', 'shenzhen_bay_park');
    const teacher = s.actors.lin_feng.money;
    expect(
      act(cat, s, call('su_yuqing', 'interact', { target: cls.id, manner: 'learn', content: { key: 'say.sign_up' } })).failed,
    ).toBeNull();
    expect(s.actors.su_yuqing.tags).toContain('skill:guitar');
    expect(s.actors.lin_feng.money).toBeGreaterThan(teacher);
    const grace = (cat.templates.get('guitar_class')!.effects.find((e) => e.type === 'class') as { graceTicks: number }).graceTicks;
    passTicks(cat, s, grace - 1);
    expect(s.entities[cls.id]).toBeDefined();
    passTicks(cat, s, 2);
    expect(s.entities[cls.id]).toBeUndefined();
  });

  it('a rumour becomes a fact with an origin, and spreads by talk and by shouting', () => {
    place(s, 'fang_lan', 'dongmen');
    place(s, 'he_wenbo', 'luohu_station');
    act(cat, s, call('fang_lan', 'create', { what: 'rumour_debt', where: 'dongmen', using: { energy: 5 }, about: 'zhao_lei' }));
    const [fact] = Object.values(s.facts);
    expect(fact).toMatchObject({ about: 'zhao_lei', truth: false, origin: { actor: 'fang_lan', place: 'dongmen' } });
    expect(s.actors.fang_lan.knows).toContain(fact.id);
    place(s, 'he_wenbo', 'dongmen');
    act(cat, s, call('fang_lan', 'interact', { target: 'he_wenbo', manner: 'friendly', content: { key: 'topic.place' } }));
    expect(s.actors.he_wenbo.knows).toContain(fact.id);
    for (const id of ['su_yuqing', 'ma_dahai']) place(s, id, 'dongmen');
    act(
      cat,
      s,
      call('he_wenbo', 'express', { channel: 'shout', content: { key: 'say.news', params: { fact: { ref: 'fact', id: fact.id } } } }),
    );
    const knowers = Object.values(s.actors)
      .filter((a) => a.knows.includes(fact.id))
      .map((a) => a.id);
    expect(knowers.length).toBeGreaterThanOrEqual(3);
    expect(knowers).not.toContain('zhao_lei');
  });

  it('a channel that reaches the world carries news to people wherever they are; one that reaches the place does not', () => {
    const v = cat.scenario.vocabulary;
    const loud = buildCatalog({
      ...cat.scenario,
      vocabulary: { ...v, channels: { ...v.channels, shout: { ...v.channels.shout, reach: 'world' } } },
    });
    const spread = (c: Catalog) => {
      const t = fresh(c, 5);
      // everyone else is away from the speaker's place
      for (const a of Object.values(t.actors)) place(t, a.id, a.id === 'fang_lan' ? 'dongmen' : 'luohu_station');
      act(c, t, call('fang_lan', 'create', { what: 'rumour_debt', where: 'dongmen', using: { energy: 5 }, about: 'zhao_lei' }));
      const [fact] = Object.values(t.facts);
      const news = { key: 'say.news', params: { fact: { ref: 'fact' as const, id: fact.id } } };
      expect(act(c, t, call('fang_lan', 'express', { channel: 'shout', content: news })).failed).toBeNull();
      return Object.values(t.actors).filter((a) => a.id !== 'fang_lan' && a.knows.includes(fact.id)).length;
    };
    expect(spread(cat)).toBe(0);
    expect(spread(loud)).toBeGreaterThan(0);
  });

  it('moving costs by mode: the bus costs a fare, walking costs energy, a taxi costs more', () => {
    const cost = (mode: 'walk' | 'bus' | 'taxi') => {
      const t = fresh(cat, 3);
      const before = { ...t.actors.deng_lifang };
      expect(act(cat, t, call('deng_lifang', 'move', { destination: 'futian_cbd', mode })).failed).toBeNull();
      expect(t.actors.deng_lifang.location).toBe('futian_cbd');
      return { money: before.money - t.actors.deng_lifang.money, energy: before.energy - t.actors.deng_lifang.energy };
    };
    const walk = cost('walk');
    const bus = cost('bus');
    const taxi = cost('taxi');
    expect(walk.money).toBe(0);
    expect(walk.energy).toBeGreaterThan(bus.energy);
    expect(taxi.money).toBeGreaterThan(bus.money);
    expect(bus.money).toBeGreaterThan(0);
  });

  it('eating restores energy and costs money', () => {
    const a = s.actors.lin_feng;
    a.energy = 20;
    const money = a.money;
    expect(act(cat, s, call('lin_feng', 'use_resource', { resource: 'money', amount: 20, purpose: 'eat' })).failed).toBeNull();
    expect(a.energy).toBeGreaterThan(20);
    expect(a.money).toBeLessThan(money);
  });

  it('the foreman hires, and work pays a wage from a declared source', () => {
    place(s, 'ma_dahai', 'construction_site');
    // asking is a check: at a tick whose roll comes off
    const ask = call('ma_dahai', 'interact', { target: 'lao_chen', manner: 'negotiate', content: { key: 'say.ask_work' } });
    while (checkFor(cat, s, ask, s.tick + 1)?.band === 'fail') s.tick++;
    expect(act(cat, s, ask).failed).toBeNull();
    expect(s.actors.ma_dahai.tags).toContain('job:site_labour:lao_chen');
    const money = s.actors.ma_dahai.money;
    const r = act(cat, s, call('ma_dahai', 'use_resource', { resource: 'energy', amount: 35, purpose: 'work' }));
    expect(r.failed).toBeNull();
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'money_created', to: 'ma_dahai', source: 'wage' }));
    expect(s.actors.ma_dahai.money).toBe(money + cat.scenario.meta.jobs.find((j) => j.id === 'site_labour')!.wage);
  });

  it('asking for work when the dice fail gets no job, and the roll is there for all to see', () => {
    const t = fresh(cat, 4);
    place(t, 'zhou_wei', 'construction_site');
    const ask = call('zhou_wei', 'interact', { target: 'lao_chen', manner: 'negotiate', content: { key: 'say.ask_work' } });
    while (checkFor(cat, t, ask, t.tick + 1)?.band !== 'fail') t.tick++;
    const r = act(cat, t, ask);
    expect(r.failed).toBeNull();
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'check_rolled', actor: 'zhou_wei', word: 'negotiate', band: 'fail' }));
    expect(t.actors.zhou_wei.tags.some((x) => x.startsWith('job:'))).toBe(false);
  });

  it('friendly talk warms both sides; hostility cools them and costs reputation', () => {
    place(s, 'zhou_wei', 'huaqiangbei');
    const before = {
      a: s.actors.zhou_wei.relations.zhao_lei ?? 0,
      b: s.actors.zhao_lei.relations.zhou_wei ?? 0,
      rep: s.actors.zhou_wei.reputation,
    };
    act(cat, s, call('zhou_wei', 'interact', { target: 'zhao_lei', manner: 'hostile', content: { key: 'say.get_lost' } }));
    expect(s.actors.zhou_wei.relations.zhao_lei).toBeLessThan(before.a);
    expect(s.actors.zhao_lei.relations.zhou_wei).toBeLessThan(before.b);
    expect(s.actors.zhou_wei.reputation).toBeLessThan(before.rep);
  });
});

describe('heartbeats', () => {
  it('being addressed wakes a bot at the next tick, sooner than its heartbeat', () => {
    const s = fresh(cat, 3);
    place(s, 'zhou_wei', 'dongmen');
    s.actors.he_wenbo.nextWake = 50;
    act(cat, s, call('zhou_wei', 'interact', { target: 'he_wenbo', manner: 'friendly', content: { key: 'topic.place' } }));
    expect(s.actors.he_wenbo.nextWake).toBe(s.tick + 1);
    expect(s.actors.zhou_wei.nextWake).toBe(s.tick + s.actors.zhou_wei.heartbeat);
  });
});

describe("a player's hands move only by their own call", () => {
  const seat = (id: string) => (s.actors[id].player = { name: { cn: id, en: id }, concept: 'a newcomer' });
  const resolve = (c: ToolCall, listeners: string[]) => {
    const slice = sliceFor(cat, s, indexPlaces(cat, s), s.tick + 1, c);
    slice.listeners = listeners.map((id) => s.actors[id]);
    return ruleEngine().resolve(cat, slice, c) as Consequence;
  };
  const said = (q: Consequence) => JSON.stringify(q.side_effects);

  it('a busker is clapped for by a bot in the crowd, never by a player standing in it', () => {
    seat('lin_feng');
    s.actors.chen_jing.inventory.guitar = 1;
    let tipped = 0;
    for (let t = 0; t < 40; t++, s.tick++) {
      const q = resolve(call('chen_jing', 'use_resource', { resource: 'item:guitar', amount: 1, purpose: 'perform' }), [
        'lin_feng',
        'fang_lan',
      ]);
      if (!q.world_changes.some((w) => w.type === 'money_source')) continue;
      tipped++;
      expect(q.world_changes).toContainEqual(expect.objectContaining({ type: 'relationship_change', from: 'fang_lan', to: 'chen_jing' }));
      expect(q.world_changes.filter((w) => w.type === 'relationship_change' && w.from === 'lin_feng')).toEqual([]);
      expect(said(q)).not.toContain('lin_feng');
      // with only players listening the tips still come, and nobody is said to have clapped
      const alone = resolve(call('chen_jing', 'use_resource', { resource: 'item:guitar', amount: 1, purpose: 'perform' }), ['lin_feng']);
      expect(alone.world_changes.filter((w) => w.type === 'relationship_change')).toEqual([]);
      expect(said(alone)).not.toContain('side.applause');
    }
    expect(tipped).toBeGreaterThan(0);
  });

  it('a player who rescues someone saves a life and pays nothing they did not call for; a bot presses a gift on them', () => {
    const manner = Object.entries(cat.scenario.vocabulary.manners).find(([, m]) => m.does === 'rescue')![0];
    for (const id of ['lin_feng', 'fang_lan', 'zhou_wei']) place(s, id, 'dongmen');
    Object.assign(s.actors.lin_feng, { status: 'dying', statusSince: 0 });
    seat('fang_lan');
    const rescue = (by: string) => resolve(call(by, 'interact', { target: 'lin_feng', manner, content: { key: 'say.hold_on' } }), []);
    const byPlayer = rescue('fang_lan');
    expect(byPlayer.world_changes).toContainEqual(expect.objectContaining({ type: 'status_change', actor: 'lin_feng', to: 'alive' }));
    expect(byPlayer.world_changes.filter((w) => w.type === 'resource_transfer')).toEqual([]);
    expect(rescue('zhou_wei').world_changes).toContainEqual(
      expect.objectContaining({ type: 'resource_transfer', from: 'zhou_wei', to: 'lin_feng', reason: 'help' }),
    );
  });

  it('a post is liked by a friend who is a bot, never by a player', () => {
    seat('lin_feng');
    const post = call('chen_jing', 'express', { channel: 'moments', content: { key: 'say.moment' } });
    const q = resolve(post, ['lin_feng', 'fang_lan']);
    expect(q.world_changes).toContainEqual({ type: 'relationship_change', from: 'fang_lan', to: 'chen_jing', delta: 1 });
    expect(said(q)).not.toContain('lin_feng');
    const alone = resolve(post, ['lin_feng']);
    expect(alone.world_changes.filter((w) => w.type === 'relationship_change')).toEqual([]);
    expect(said(alone)).not.toContain('side.liked');
  });
});
