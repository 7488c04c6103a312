import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TickJudge } from '../sim/judge/judge.ts';
import { runClock } from '../sim/judge/clock.ts';
import { proposers } from '../sim/judge/changes.ts';
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
const code = (r: ReturnType<typeof judgeOne>) => r.failed?.reason.code ?? 'accepted';

describe('references: unknown things are rejected', () => {
  it('an unknown destination', () => {
    expect(code(judgeOne(cat, s, call('lin_feng', 'move', { destination: 'atlantis', mode: 'walk' }), consequence()))).toBe(
      'unknown_place',
    );
  });
  it('an unknown target', () => {
    expect(
      code(judgeOne(cat, s, call('lin_feng', 'interact', { target: 'nobody', manner: 'friendly', content: say }), consequence())),
    ).toBe('unknown_target');
  });
  it('an unknown template (the world cannot make it)', () => {
    const r = judgeOne(cat, s, call('lin_feng', 'create', { what: 'dragon', where: 'baoan_village', using: {} }), consequence());
    expect(code(r)).toBe('unknown_template');
  });
  it('an unknown item', () => {
    expect(
      code(judgeOne(cat, s, call('lin_feng', 'use_resource', { resource: 'item:unicorn', amount: 1, purpose: 'eat' }), consequence())),
    ).toBe('unknown_item');
  });
  it('an unknown entity in a proposed change', () => {
    const r = judgeOne(
      cat,
      s,
      call('lin_feng', 'express', { channel: 'self_talk', content: say }),
      consequence({ world_changes: [{ type: 'entity_removal', entity: 'e:999', reason: 'x' }] }),
    );
    expect(code(r)).toBe('unknown_entity');
  });
  it('an unknown actor as the proposer', () => {
    expect(code(judgeOne(cat, s, call('ghost', 'express', { channel: 'shout', content: say }), consequence()))).toBe('unknown_actor');
  });
});

describe('conservation', () => {
  it('spending more money than one holds is rejected, and nothing of the proposal happens', () => {
    const before = structuredClone(s.actors.lin_feng);
    const r = judgeOne(
      cat,
      s,
      call('lin_feng', 'use_resource', { resource: 'money', amount: 99999, purpose: 'buy' }),
      consequence({ resource_changes: { money: -before.money - 1, energy: 5 } }),
    );
    expect(code(r)).toBe('insufficient_money');
    expect(s.actors.lin_feng.money).toBe(before.money);
    expect(s.actors.lin_feng.energy).toBe(before.energy);
    expect(s.actors.lin_feng.lastFailure?.reason).toEqual({ key: 'reason.insufficient_money', params: expect.any(Object) });
  });
  it('money for the actor out of nowhere is refused', () => {
    const r = judgeOne(
      cat,
      s,
      call('lin_feng', 'express', { channel: 'shout', content: say }),
      consequence({ resource_changes: { money: 500 } }),
    );
    expect(code(r)).toBe('money_from_nowhere');
  });
  it('an undeclared money source is refused', () => {
    const r = judgeOne(
      cat,
      s,
      call('lin_feng', 'express', { channel: 'shout', content: say }),
      consequence({ world_changes: [{ type: 'money_source', to: 'lin_feng', amount: 50, source: 'lottery' }] }),
    );
    expect(code(r)).toBe('money_from_nowhere');
  });
  it('wages only go to someone holding the job', () => {
    const r = judgeOne(
      cat,
      s,
      call('lin_feng', 'use_resource', { resource: 'energy', amount: 10, purpose: 'work' }),
      consequence({ world_changes: [{ type: 'money_source', to: 'lin_feng', amount: 180, source: 'wage' }] }),
    );
    expect(code(r)).toBe('not_employed');
  });
  it('income of a created thing can only be paid by that thing', () => {
    const r = judgeOne(
      cat,
      s,
      call('wu_xiuying', 'express', { channel: 'shout', content: say }),
      consequence({ world_changes: [{ type: 'money_source', to: 'wu_xiuying', amount: 20, source: 'stall_sales' }] }),
    );
    expect(code(r)).toBe('money_from_nowhere');
  });
  it("nobody spends another actor's money", () => {
    place(s, 'lin_feng', 'baoan_village');
    const r = judgeOne(
      cat,
      s,
      call('lin_feng', 'interact', { target: 'deng_lifang', manner: 'friendly', content: say }),
      consequence({
        world_changes: [{ type: 'resource_transfer', from: 'deng_lifang', to: 'lin_feng', resource: 'money', amount: 100, reason: 'gift' }],
      }),
    );
    expect(code(r)).toBe('not_yours');
  });
  it('items are bought, not conjured', () => {
    const r = judgeOne(
      cat,
      s,
      call('lin_feng', 'use_resource', { resource: 'item:guitar', amount: 1, purpose: 'buy' }),
      consequence({ resource_changes: { 'item:guitar': 1 } }),
    );
    expect(code(r)).toBe('underpaid');
  });
  it('a transfer moves money between holders and the total is unchanged', () => {
    place(s, 'deng_lifang', 'baoan_village');
    place(s, 'lin_feng', 'baoan_village');
    const total = s.moneyTotal;
    const r = judgeOne(
      cat,
      s,
      call('deng_lifang', 'use_resource', { resource: 'money', amount: 100, purpose: 'gift', target: 'lin_feng' }),
      consequence({
        world_changes: [{ type: 'resource_transfer', from: 'deng_lifang', to: 'lin_feng', resource: 'money', amount: 100, reason: 'gift' }],
      }),
    );
    expect(code(r)).toBe('accepted');
    expect(s.moneyTotal).toBe(total);
  });
  it('per-action caps: money spent at once is bounded', () => {
    const r = judgeOne(
      cat,
      s,
      call('deng_lifang', 'use_resource', { resource: 'money', amount: 9000, purpose: 'buy' }),
      consequence({ resource_changes: { money: -9000 } }),
    );
    expect(code(r)).toBe('over_cap');
  });
});

describe('bounds: deltas are clamped, relations stay in -100..100', () => {
  it('clamps relationship and reputation deltas to the scenario caps', () => {
    place(s, 'lin_feng', 'dafen_village');
    place(s, 'chen_jing', 'dafen_village');
    // from indifference a step is whole (near a bound it is paced: sim/model/relations.ts)
    s.actors.lin_feng.relations.chen_jing = 0;
    const before = 0;
    const rep = s.actors.lin_feng.reputation;
    const r = judgeOne(
      cat,
      s,
      call('lin_feng', 'interact', { target: 'chen_jing', manner: 'friendly', content: say }),
      consequence({
        world_changes: [
          { type: 'relationship_change', from: 'lin_feng', to: 'chen_jing', delta: 80 },
          { type: 'reputation_change', actor: 'lin_feng', delta: 40, reason: 'x' },
        ],
      }),
    );
    expect(code(r)).toBe('accepted');
    expect(s.actors.lin_feng.relations.chen_jing).toBe(before + cat.scenario.meta.rules.caps.relationshipDelta);
    expect(s.actors.lin_feng.reputation).toBe(rep + cat.scenario.meta.rules.caps.reputationDelta);
  });
  it('a relation never leaves -100..100', () => {
    place(s, 'lin_feng', 'dafen_village');
    place(s, 'chen_jing', 'dafen_village');
    for (const [from, delta] of [
      [98, 10],
      [-98, -10],
      [100, 10],
      [-100, -10],
    ]) {
      s.actors.lin_feng.relations.chen_jing = from;
      judgeOne(
        cat,
        s,
        call('lin_feng', 'interact', { target: 'chen_jing', manner: 'friendly', content: say }),
        consequence({ world_changes: [{ type: 'relationship_change', from: 'lin_feng', to: 'chen_jing', delta }] }),
      );
      expect(Math.abs(s.actors.lin_feng.relations.chen_jing)).toBeLessThanOrEqual(100);
    }
  });
  it('an actor cannot change relations it is not part of', () => {
    const r = judgeOne(
      cat,
      s,
      call('lin_feng', 'express', { channel: 'self_talk', content: say }),
      consequence({ world_changes: [{ type: 'relationship_change', from: 'zhao_lei', to: 'chen_jing', delta: -10 }] }),
    );
    expect(code(r)).toBe('not_involved');
  });
});

describe('places and travel', () => {
  it('moving to where one already is is refused', () => {
    const here = s.actors.lin_feng.location;
    expect(code(judgeOne(cat, s, call('lin_feng', 'move', { destination: here, mode: 'walk' }), consequence()))).toBe('already_there');
  });
  it('a World Engine that undercharges a taxi is overruled', () => {
    const r = judgeOne(cat, s, call('lin_feng', 'move', { destination: 'futian_cbd', mode: 'taxi' }), consequence());
    expect(code(r)).toBe('underpaid');
    expect(s.actors.lin_feng.location).toBe('baoan_village');
  });
  it('travel costs time by mode: a taxi arrives sooner than walking', () => {
    const dist = cat.dist.get('baoan_village')!.get('futian_cbd')!;
    const t = cat.scenario.vocabulary.modes;
    const walk = fresh(cat);
    const taxi = fresh(cat);
    judgeOne(
      cat,
      walk,
      call('deng_lifang', 'move', { destination: 'futian_cbd', mode: 'walk' }),
      consequence({ resource_changes: { energy: -t.walk.energyPerUnit * dist } }),
    );
    judgeOne(
      cat,
      taxi,
      call('deng_lifang', 'move', { destination: 'futian_cbd', mode: 'taxi' }),
      consequence({ resource_changes: { money: -(t.taxi.moneyBase + t.taxi.moneyPerUnit * dist) } }),
    );
    expect(walk.actors.deng_lifang.location).toBe('futian_cbd');
    expect(taxi.actors.deng_lifang.location).toBe('futian_cbd');
    expect(walk.actors.deng_lifang.nextWake).toBeGreaterThan(taxi.actors.deng_lifang.nextWake);
  });
});

describe('the status machine: death is always preventable', () => {
  it('nobody but the Judge can propose death', () => {
    place(s, 'zhao_lei', 'huaqiangbei');
    const r = judgeOne(
      cat,
      s,
      call('zhao_lei', 'interact', { target: 'xu_na', manner: 'hostile', content: say }),
      consequence({ world_changes: [{ type: 'status_change', actor: 'xu_na', to: 'dead', reason: 'stabbed' }] }),
    );
    expect(code(r)).toBe('only_judge_decides_death');
    expect(s.actors.xu_na.status).toBe('alive');
  });
  it('even the clock cannot take the alive -> dead edge', () => {
    const j = new TickJudge(cat, s, 1);
    const reason = j.proposal(proposers.clock('dongmen'), [{ type: 'status_change', actor: 'he_wenbo', to: 'dead', reason: 'x' }]);
    expect(reason?.code).toBe('invalid_status_change');
  });
  it('an unconscious actor cannot act', () => {
    s.actors.lin_feng.status = 'unconscious';
    expect(code(judgeOne(cat, s, call('lin_feng', 'express', { channel: 'shout', content: say }), consequence()))).toBe('cannot_act');
  });
  it('a dying actor may only talk', () => {
    s.actors.lin_feng.status = 'dying';
    expect(
      code(
        judgeOne(
          cat,
          s,
          call('lin_feng', 'move', { destination: 'dongmen', mode: 'bus' }),
          consequence({ resource_changes: { money: -2 } }),
        ),
      ),
    ).toBe('can_only_talk');
    expect(code(judgeOne(cat, s, call('lin_feng', 'express', { channel: 'shout', content: say }), consequence()))).toBe('accepted');
  });
  it('starving goes alive -> unconscious -> dying -> dead, one step at a time, unless someone helps', () => {
    const a = s.actors.ma_dahai;
    a.energy = 0;
    a.money = 0;
    const path: string[] = [a.status];
    for (let tick = 1; tick < 40 && a.status !== 'dead'; tick++) {
      const j = new TickJudge(cat, s, tick);
      runClock(cat, s, tick, j, a.status === 'alive' || a.status === 'dying' ? ['ma_dahai'] : []);
      j.finish();
      if (path[path.length - 1] !== a.status) path.push(a.status);
    }
    expect(path).toEqual(['alive', 'unconscious', 'alive', 'dying', 'dead']);
  });
  it('a dying actor can be saved by someone present', () => {
    place(s, 'wang_hao', 'construction_site');
    place(s, 'ma_dahai', 'construction_site');
    s.actors.ma_dahai.status = 'dying';
    const r = judgeOne(
      cat,
      s,
      call('wang_hao', 'interact', { target: 'ma_dahai', manner: 'help', content: say }),
      consequence({ world_changes: [{ type: 'status_change', actor: 'ma_dahai', to: 'alive', reason: 'rescued' }] }),
    );
    expect(code(r)).toBe('accepted');
    expect(s.actors.ma_dahai.status).toBe('alive');
  });
  it('one cannot rescue someone who is elsewhere', () => {
    place(s, 'wang_hao', 'construction_site');
    place(s, 'ma_dahai', 'luohu_station');
    s.actors.ma_dahai.status = 'dying';
    const r = judgeOne(
      cat,
      s,
      call('wang_hao', 'express', { channel: 'shout', content: say }),
      consequence({ world_changes: [{ type: 'status_change', actor: 'ma_dahai', to: 'alive', reason: 'rescued' }] }),
    );
    expect(code(r)).toBe('not_yours');
  });
});

describe('identity: bodies and roles', () => {
  it('one cannot teach a skill one does not have', () => {
    place(s, 'zhou_wei', 'nanshan_tech_park');
    const r = judgeOne(
      cat,
      s,
      call('zhou_wei', 'create', { what: 'guitar_class', where: 'nanshan_tech_park', using: { energy: 20 } }),
      consequence({
        resource_changes: { energy: -20 },
        world_changes: [{ type: 'new_entity', template: 'guitar_class', location: 'nanshan_tech_park', owner: 'zhou_wei', properties: {} }],
      }),
    );
    expect(code(r)).toBe('lacks_skill');
  });
  it('things are made where one stands', () => {
    const r = judgeOne(cat, s, call('lin_feng', 'create', { what: 'mural', where: 'futian_cbd', using: { money: 60 } }), consequence());
    expect(code(r)).toBe('not_here');
  });
  it('a thing costs what its template says', () => {
    const r = judgeOne(
      cat,
      s,
      call('wu_xiuying', 'create', { what: 'food_stall', where: 'baoan_village', using: {} }),
      consequence({
        world_changes: [{ type: 'new_entity', template: 'food_stall', location: 'baoan_village', owner: 'wu_xiuying', properties: {} }],
      }),
    );
    expect(code(r)).toBe('underpaid');
  });
  it('only an employer present can hire', () => {
    place(s, 'ma_dahai', 'dongmen');
    const r = judgeOne(
      cat,
      s,
      call('ma_dahai', 'express', { channel: 'self_talk', content: say }),
      consequence({ world_changes: [{ type: 'tag_added', actor: 'ma_dahai', tag: 'job:site_labour:lao_chen' }] }),
    );
    expect(code(r)).toBe('no_employer_here');
  });
  it('nobody passes on a fact they never learned', () => {
    place(s, 'fang_lan', 'dongmen');
    place(s, 'he_wenbo', 'dongmen');
    const j = new TickJudge(cat, s, 1);
    j.call(call('zhao_lei', 'create', { what: 'rumour_debt', where: s.actors.zhao_lei.location, using: { energy: 5 }, about: 'xu_na' }), {
      ok: true,
      consequence: consequence({
        resource_changes: { energy: -5 },
        world_changes: [{ type: 'new_fact', content: { text: 'x' }, about: 'xu_na', truth: false }],
      }),
    });
    const fact = Object.keys(s.facts)[0];
    const f = j.call(call('fang_lan', 'interact', { target: 'he_wenbo', manner: 'friendly', content: say }), {
      ok: true,
      consequence: consequence({
        world_changes: [{ type: 'knowledge_learned', actor: 'he_wenbo', fact, from: 'fang_lan', channel: 'word_of_mouth' }],
      }),
    });
    expect(f?.reason.code).toBe('unknown_fact');
  });
});

describe('judging in order', () => {
  it('two proposals for the last place on a crew: the second is judged against the first and refused', () => {
    const job = cat.scenario.meta.jobs.find((j) => j.id === 'site_labour')!;
    const ids = Object.keys(s.actors).filter((id) => !s.actors[id].roles.includes('employer'));
    s.jobHolders['job:site_labour:lao_chen'] = job.capacity - 1;
    const [a, b] = ids.slice(job.capacity - 1, job.capacity + 1);
    place(s, a, 'construction_site');
    place(s, b, 'construction_site');
    // asking for work is a check: the dice aside (every roll a full success), the crew's size decides
    const j = new TickJudge(cat, s, 1, 'full');
    const hire = (who: string) =>
      j.call(call(who, 'interact', { target: 'lao_chen', manner: 'negotiate', content: say }), {
        ok: true,
        consequence: consequence({ world_changes: [{ type: 'tag_added', actor: who, tag: 'job:site_labour:lao_chen' }] }),
      });
    expect(hire(a)).toBeNull();
    expect(hire(b)?.reason.code).toBe('job_full');
    expect(s.actors[a].tags).toContain('job:site_labour:lao_chen');
    expect(s.actors[b].tags).not.toContain('job:site_labour:lao_chen');
  });
  it('a rejection reaches the proposer, and repeating the same call is noticed', () => {
    const c = call('lin_feng', 'move', { destination: 'atlantis', mode: 'walk' });
    const first = judgeOne(cat, s, c, consequence());
    expect(s.actors.lin_feng.lastFailure?.reason).toEqual({ key: 'reason.unknown_place', params: { id: 'atlantis' } });
    const again = judgeOne(cat, s, { ...c, id: 'again' }, consequence());
    const ev = again.events.find((e) => e.type === 'call_failed');
    expect(first.events.find((e) => e.type === 'call_failed')).toMatchObject({ repeated: false });
    expect(ev).toMatchObject({ repeated: true });
  });
});
