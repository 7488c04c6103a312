import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TickJudge } from '../sim/judge/judge.ts';
import { proposers } from '../sim/judge/changes.ts';
import type { WorldChange } from '../sim/model/consequence.ts';
import type { Event } from '../sim/model/events.ts';
import type { Catalog } from '../sim/scenario/catalog.ts';
import { applyEvent, FoldError } from '../sim/state/apply.ts';
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

const talk = (actor: string) => call(actor, 'express', { channel: 'self_talk', content: { text: 'well then' } });
const removal = (entity: string): WorldChange => ({ type: 'entity_removal', entity, reason: 'sold' });
const update = (entity: string): WorldChange => ({ type: 'entity_update', entity, properties: { open: false } });
/** Lao Chen's own building site: he may change or remove it. */
const SITE = 'site_qianhai';

describe('a proposal is judged as a sequence: each change meets what the earlier ones left', () => {
  it("a thing removed twice: refused with the reason, the thing still stands, the refusal is the actor's", () => {
    const r = judgeOne(cat, s, talk('lao_chen'), consequence({ world_changes: [removal(SITE), removal(SITE)] }));
    expect(r.failed?.reason).toEqual({ code: 'already_removed', message: { key: 'reason.already_removed', params: { id: SITE } } });
    expect(s.entities[SITE]).toBeDefined();
    expect(r.events.map((e) => e.type)).toEqual(['call_failed']);
  });

  it('a thing removed, then changed (or moved): refused, nothing of the proposal happens', () => {
    const moved: WorldChange = { type: 'entity_update', entity: SITE, properties: { location: 'dongmen' } };
    for (const then of [update(SITE), moved]) {
      const r = judgeOne(cat, s, talk('lao_chen'), consequence({ world_changes: [removal(SITE), then], resource_changes: { energy: -1 } }));
      expect(r.failed?.reason.code).toBe('already_removed');
    }
    expect(s.entities[SITE].properties).toEqual({});
    expect(s.actors.lao_chen.energy).toBe(fresh(cat).actors.lao_chen.energy);
  });

  it('changed, then removed: accepted, and the fold leaves it gone', () => {
    const r = judgeOne(cat, s, talk('lao_chen'), consequence({ world_changes: [update(SITE), removal(SITE)] }));
    expect(r.failed).toBeNull();
    expect(s.entities[SITE]).toBeUndefined();
  });

  it('a thing made earlier in the proposal exists for its later changes, until one removes it', () => {
    const director = proposers.story('director', null, 'dongmen');
    const made: WorldChange = { type: 'new_entity', template: 'mural', location: 'dongmen', owner: 'fang_lan', properties: {} };
    const judge = new TickJudge(cat, s, 1);
    expect(judge.proposal(director, [made, update('$new:0'), update('$new:0'), removal('$new:0'), update('$new:0')])?.code).toBe(
      'already_removed',
    );
    expect(s.counters.entity).toBe(fresh(cat).counters.entity);
    expect(judge.proposal(director, [made, update('$new:0'), removal('$new:0')])).toBeNull();
    const id = `e:${s.counters.entity}`;
    expect(judge.events.filter((e) => 'entity' in e).map((e) => [e.type, e.type === 'entity_created' ? e.entity.id : e.entity])).toEqual([
      ['entity_created', id],
      ['entity_updated', id],
      ['entity_removed', id],
    ]);
    expect(s.entities[id]).toBeUndefined();
  });

  it('"$new:n" names a made thing of the kind the change is about: a fact is no thing, a thing no fact', () => {
    const said: WorldChange = { type: 'new_fact', content: { text: 'the rent goes up' }, about: null, truth: true };
    expect(judgeOne(cat, s, talk('lin_feng'), consequence({ world_changes: [said, update('$new:0')] })).failed?.reason.code).toBe(
      'unknown_entity',
    );
    place(s, 'lin_feng', 'dongmen');
    place(s, 'fang_lan', 'dongmen');
    const made: WorldChange = { type: 'new_entity', template: 'mural', location: 'dongmen', owner: 'fang_lan', properties: {} };
    const told: WorldChange = { type: 'knowledge_learned', actor: 'fang_lan', fact: '$new:0', from: 'lin_feng', channel: 'shout' };
    const judge = new TickJudge(cat, s, 1);
    expect(judge.proposal(proposers.story('director', null, 'dongmen'), [made, told])?.code).toBe('unknown_fact');
    // telling a fact the proposal made is accepted
    expect(judgeOne(cat, s, talk('lin_feng'), consequence({ world_changes: [said, told] })).failed).toBeNull();
    expect(s.actors.fang_lan.knows).toContain(`f:${s.counters.fact}`);
  });

  it('a lasting effect of a thing that ended earlier in its proposal pays nothing for it', () => {
    const made = {
      id: 'e:77',
      template: 'busking_pitch',
      owner: 'lin_feng',
      location: 'dongmen',
      name: null,
      properties: {},
      createdAt: 0,
    };
    s.entities[made.id] = made;
    const eff = cat.effect('busking_pitch', 'income')!;
    expect(eff.source).toBeDefined();
    const paid: WorldChange = { type: 'money_source', to: 'lin_feng', amount: 1, source: eff.source! };
    const judge = new TickJudge(cat, s, 500);
    const ended: WorldChange = { type: 'entity_removal', entity: made.id, reason: 'faded' };
    expect(judge.proposal(proposers.effect(made.id, 'dongmen'), [ended, paid])?.code).toBe('money_from_nowhere');
    expect(judge.proposal(proposers.effect(made.id, 'dongmen'), [paid, ended])).toBeNull();
  });
});

describe('the fold', () => {
  const stamp = (body: object) => ({ tick: 1, seq: 0, ...body }) as Event;
  it('meeting an event about a missing thing, actor, fact or place, throws a FoldError naming it', () => {
    const cases: [Event, string][] = [
      [stamp({ type: 'entity_removed', entity: 'e:404', template: 'mural', owner: null, reason: 'x' }), 'entity "e:404"'],
      [stamp({ type: 'entity_updated', entity: '__proto__', properties: {} }), 'entity "__proto__"'],
      [stamp({ type: 'fact_learned', actor: 'lin_feng', fact: 'e:1', from: 'lin_feng', channel: 'shout' }), 'fact "e:1"'],
      [
        stamp({ type: 'transfer', from: 'lin_feng', to: 'constructor', resource: 'money', amount: 1, reason: 'gift', credit: null }),
        'actor "constructor"',
      ],
      [stamp({ type: 'place_mood', place: 'atlantis', delta: 1, by: null }), 'place "atlantis"'],
    ];
    for (const [e, what] of cases) {
      let thrown: unknown = null;
      try {
        applyEvent(s, e);
      } catch (err) {
        thrown = err;
      }
      expect(thrown, e.type).toBeInstanceOf(FoldError);
      expect((thrown as FoldError).message).toContain(`${e.type} (tick 1, seq 0): there is no ${what}`);
    }
  });
});
