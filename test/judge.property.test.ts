import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { TickJudge } from '../sim/judge/judge.ts';
import { Consequence, type WorldChange } from '../sim/model/consequence.ts';
import type { Event, Reason } from '../sim/model/events.ts';
import { proposers } from '../sim/judge/changes.ts';
import { applyEvent } from '../sim/state/apply.ts';
import { canonicalJson } from '../sim/lib/canonical.ts';
import { RESERVED_IDS } from '../sim/model/ids.ts';
import { ToolCall } from '../sim/model/tools.ts';
import { type Catalog, placeExists, travelCost } from '../sim/scenario/catalog.ts';
import type { WorldState } from '../sim/state/types.ts';
import { fresh, shenzhen } from './helpers/world.ts';

let cat: Catalog;
beforeAll(async () => {
  cat = await shenzhen();
});

/** Names every plain object answers to, and ids of nothing: what a hostile proposer tries first. */
const HOSTILE = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  'prototype',
  'ghost',
  '$new:0',
  '$new:9',
  'e:999',
  'f:999',
  'p:999',
];

/** Random, often hostile proposals of every tool and every kind of change, hostile ids in every id field. */
function arbitraries(cat: Catalog) {
  const ids = cat.scenario.actors.map((a) => a.id);
  const pick = (xs: readonly string[]) => fc.constantFrom(...xs, ...HOSTILE);
  const actor = pick(ids);
  const place = pick(cat.scenario.places.map((p) => p.id));
  const template = pick([...cat.templates.keys()]);
  const entity = pick([...cat.scenario.entities.map((e) => e.id), 'e:1', 'e:2']);
  const fact = pick(['f:1', 'f:2']);
  const tag = pick(['job:site_labour:lao_chen', 'job:constructor:__proto__', 'skill:guitar', 'brave', 'collapsed']);
  const source = pick(cat.scenario.meta.rules.money.sources.map((s) => s.id));
  const reason = pick(['gift', 'stall_sale', 'class_fee', 'x']);
  const amount = fc.integer({ min: -3000, max: 3000 });
  const resource = fc.constantFrom('money', 'energy', 'time', ...[...cat.items.keys(), ...HOSTILE].map((i) => `item:${i}`));
  const key = fc.constantFrom('students', 'open', ...HOSTILE);
  const props = fc.dictionary(key, fc.oneof(fc.integer(), fc.string({ maxLength: 4 }), fc.boolean()), { maxKeys: 2 });
  const t = <T extends string>(type: T) => fc.constant(type);
  const change: fc.Arbitrary<WorldChange> = fc.oneof(
    fc.record({ type: t('new_entity'), template, location: place, owner: fc.option(actor, { nil: null }), properties: props }),
    fc.record({ type: t('entity_update'), entity, properties: props }),
    fc.record({ type: t('entity_removal'), entity, reason }),
    fc.record({ type: t('reputation_change'), actor, delta: fc.integer({ min: -500, max: 500 }), reason }),
    fc.record({ type: t('relationship_change'), from: actor, to: actor, delta: fc.integer({ min: -500, max: 500 }) }),
    fc.record({ type: t('resource_transfer'), from: actor, to: actor, resource, amount: fc.integer({ min: 1, max: 9000 }), reason }),
    fc.record({ type: t('money_source'), to: actor, amount: fc.integer({ min: 1, max: 9000 }), source }),
    fc.record({ type: t('resource_gain'), actor, resource, amount, reason }),
    fc.record({ type: t('tag_added'), actor, tag }),
    fc.record({ type: t('tag_removed'), actor, tag }),
    fc.record({
      type: t('status_change'),
      actor,
      to: fc.constantFrom('alive', 'dying', 'unconscious', 'restrained_permanent', 'dead'),
      reason,
    }),
    fc.record({
      type: t('new_location'),
      name: fc.constant({ cn: '某处', en: 'somewhere' }),
      parent: place,
      distance: fc.integer({ min: 1, max: 9 }),
    }),
    fc.record({
      type: t('new_fact'),
      content: fc.constant({ text: 'they say' }),
      about: fc.option(actor, { nil: null }),
      truth: fc.boolean(),
    }),
    fc.record({ type: t('knowledge_learned'), actor, fact, from: actor, channel: pick(cat.words.ids('channels')) }),
    fc.record({ type: t('place_mood'), place, delta: fc.integer({ min: -9, max: 9 }) }),
  ) as fc.Arbitrary<WorldChange>;
  const content = fc.constant({ text: 'hey' });
  const call: fc.Arbitrary<ToolCall> = fc
    .oneof(
      fc.record({
        tool: t('use_resource'),
        args: fc.record(
          {
            resource,
            amount: fc.integer({ min: 1, max: 500 }),
            purpose: pick(['eat', 'buy', 'work', 'gift', 'rest']),
            target: fc.option(actor, { nil: undefined }),
          },
          { requiredKeys: ['resource', 'amount', 'purpose'] },
        ),
      }),
      fc.record({
        tool: t('interact'),
        args: fc.record({ target: fc.oneof(actor, entity), manner: pick(cat.words.ids('manners')), content }),
      }),
      fc.record({ tool: t('move'), args: fc.record({ destination: place, mode: pick(cat.words.ids('modes')) }) }),
      fc.record({
        tool: t('create'),
        args: fc.record(
          { what: template, where: place, using: fc.record({ money: fc.nat(300) }), about: fc.option(actor, { nil: undefined }) },
          { requiredKeys: ['what', 'where', 'using'] },
        ),
      }),
      fc.record({ tool: t('express'), args: fc.record({ channel: pick(cat.words.ids('channels')), content }) }),
    )
    .chain((c) => actor.map((a) => ({ id: 'p', actor: a, ...c }) as ToolCall));
  const proposal = fc.record({ call, changes: fc.array(change, { maxLength: 5 }), costs: fc.dictionary(resource, amount, { maxKeys: 3 }) });
  return fc.array(proposal, { minLength: 25, maxLength: 25 });
}

/** What must hold after every proposal, judged or refused. Plain throws: this runs 100,000 times. */
function invariants(cat: Catalog, s: WorldState, statusBefore: Map<string, string>): void {
  let money = 0;
  const fail = (what: string) => {
    throw new Error(what);
  };
  for (const a of Object.values(s.actors)) {
    money += a.money;
    if (!(a.money >= 0 && a.energy >= 0 && a.energy <= cat.scenario.meta.rules.needs.energyMax))
      fail(`${a.id}: money ${a.money}, energy ${a.energy}`);
    for (const n of Object.values(a.inventory)) if (!(n > 0)) fail(`${a.id}: an item count of ${n}`);
    for (const r of Object.values(a.relations)) if (!(Math.abs(r) <= 100)) fail(`${a.id}: a relation of ${r}`);
    if (!(Math.abs(a.reputation) <= 100)) fail(`${a.id}: reputation ${a.reputation}`);
    if (a.status === 'dead' && statusBefore.get(a.id) !== 'dying') fail(`${a.id} died from ${statusBefore.get(a.id)}`);
  }
  if (s.moneyTotal !== money) fail(`money total ${s.moneyTotal}, held ${money}`);
  for (const id of RESERVED_IDS) {
    if (Object.hasOwn(s.actors, id) || Object.hasOwn(s.entities, id) || Object.hasOwn(s.places, id) || Object.hasOwn(s.facts, id))
      fail(`an actor, thing, place or fact named ${id}`);
  }
}

/** The ids an event is about, by kind: each must name something that exists once the event is folded. */
const REFS: Partial<Record<Event['type'], [string, 'actor' | 'place' | 'fact' | 'entity'][]>> = {
  action: [
    ['actor', 'actor'],
    ['place', 'place'],
  ],
  money_created: [['to', 'actor']],
  money_destroyed: [['from', 'actor']],
  transfer: [
    ['from', 'actor'],
    ['to', 'actor'],
  ],
  resource_changed: [['actor', 'actor']],
  moved: [
    ['actor', 'actor'],
    ['from', 'place'],
    ['to', 'place'],
  ],
  entity_updated: [['entity', 'entity']],
  reputation_changed: [['actor', 'actor']],
  relationship_changed: [
    ['from', 'actor'],
    ['to', 'actor'],
  ],
  tag_added: [['actor', 'actor']],
  tag_removed: [['actor', 'actor']],
  status_changed: [['actor', 'actor']],
  location_created: [['parent', 'place']],
  fact_learned: [
    ['actor', 'actor'],
    ['fact', 'fact'],
    ['from', 'actor'],
  ],
  place_mood: [['place', 'place']],
  addressed: [
    ['actor', 'actor'],
    ['by', 'actor'],
  ],
};

function aboutExisting(cat: Catalog, s: WorldState, events: readonly Event[]): void {
  for (const e of events) refsExist(cat, s, e);
}

function refsExist(cat: Catalog, s: WorldState, e: Event): void {
  for (const [field, kind] of REFS[e.type] ?? []) {
    const id = (e as unknown as Record<string, string>)[field];
    const ok =
      kind === 'actor'
        ? Object.hasOwn(s.actors, id)
        : kind === 'place'
          ? placeExists(cat, s, id)
          : kind === 'fact'
            ? Object.hasOwn(s.facts, id)
            : Object.hasOwn(s.entities, id);
    if (!ok) throw new Error(`a ${e.type} event about ${kind} ${JSON.stringify(id)}, which does not exist`);
  }
}

/** What every object in this process answers to, to see that nothing wrote to a shared prototype. */
const prototypeShape = () =>
  [Object.prototype, Array.prototype, Function.prototype, String.prototype]
    .map((p) => Object.getOwnPropertyNames(p).sort().join(','))
    .join('|');

describe('no proposal breaks an invariant', () => {
  it('100,000 hostile proposals of every tool and change: nothing negative, bounds hold, nobody dies from alive, the books balance, no event about nothing, no prototype touched', () => {
    const shape = prototypeShape();
    let proposals = 0;
    let accepted = 0;
    fc.assert(
      fc.property(arbitraries(cat), (batch) => {
        const s = fresh(cat, 1);
        const judge = new TickJudge(cat, s, 1);
        for (const p of batch) {
          const statusBefore = new Map(Object.values(s.actors).map((a) => [a.id, a.status]));
          const seen = judge.events.length;
          const failed = judge.call(p.call, {
            ok: true,
            consequence: { narrative: { text: 'x' }, world_changes: p.changes, resource_changes: p.costs, side_effects: [] },
          });
          proposals++;
          if (!failed) accepted++;
          invariants(cat, s, statusBefore);
          aboutExisting(cat, s, judge.events.slice(seen));
        }
        const events = judge.finish();
        const summary = events[events.length - 1];
        if (summary.type !== 'tick_summary') throw new Error('no summary');
        if (summary.money.before + summary.money.created - summary.money.destroyed !== summary.money.after)
          throw new Error('the books do not balance');
        if (({} as Record<string, unknown>).reputation !== undefined) throw new Error('a write reached Object.prototype');
      }),
      { numRuns: 4000, seed: 20261123 },
    );
    expect(proposals).toBeGreaterThanOrEqual(100_000);
    // hostile as they are, some proposals are sound (an express with no changes, a small purchase)
    expect(accepted).toBeGreaterThan(0);
    expect(prototypeShape()).toBe(shape);
  }, 300_000);

  it('every hostile id is refused at the boundary: tool calls, consequences and message references do not parse', () => {
    for (const id of HOSTILE.filter((x) => RESERVED_IDS.has(x))) {
      const calls = [
        { tool: 'interact', args: { target: id, manner: 'friendly', content: { text: 'hi' } } },
        { tool: 'move', args: { destination: id, mode: 'walk' } },
        { tool: 'create', args: { what: id, where: 'dongmen', using: {} } },
        { tool: 'create', args: { what: 'mural', where: 'dongmen', using: {}, about: id } },
        { tool: 'use_resource', args: { resource: `item:${id}`, amount: 1, purpose: 'eat' } },
        { tool: 'use_resource', args: { resource: 'money', amount: 1, purpose: id } },
        { tool: 'express', args: { channel: 'shout', content: { key: 'x', params: { who: { ref: 'actor', id } } } } },
      ];
      for (const c of calls)
        expect(ToolCall.safeParse({ id: 'c', actor: 'lao_chen', ...c }).success, `${c.tool} ${JSON.stringify(c.args)}`).toBe(false);
      expect(ToolCall.safeParse({ id: 'c', actor: id, tool: 'express', args: { channel: 'shout', content: { text: 'hi' } } }).success).toBe(
        false,
      );
      const changes = [
        { type: 'reputation_change', actor: id, delta: 1, reason: 'x' },
        { type: 'tag_added', actor: 'lao_chen', tag: id },
        { type: 'money_source', to: 'lao_chen', amount: 1, source: id },
        { type: 'knowledge_learned', actor: 'lao_chen', fact: id, from: 'lao_chen', channel: 'shout' },
      ];
      for (const w of changes) {
        const r = Consequence.safeParse({ narrative: { text: 'x' }, world_changes: [w], resource_changes: {}, side_effects: [] });
        expect(r.success, JSON.stringify(w)).toBe(false);
      }
      // a key of a record is refused, or (`__proto__`, which zod drops) never reaches the parsed value
      const keyed = Consequence.safeParse({
        narrative: { text: 'x' },
        resource_changes: JSON.parse(`{"item:${id}": -1}`),
        side_effects: [],
        world_changes: [{ type: 'entity_update', entity: 'e:1', properties: JSON.parse(`{"${id}": 1}`) }],
      });
      if (keyed.success) {
        expect(Object.hasOwn(keyed.data.resource_changes, `item:${id}`)).toBe(false);
        expect(Object.hasOwn((keyed.data.world_changes[0] as { properties: object }).properties, id)).toBe(false);
      }
    }
  });
});

/**
 * Proposals of 1-6 changes over the same few things, facts and people, so that one change often
 * meets what an earlier one of the same proposal did: removed twice, removed then changed, made then
 * removed then changed, a move or a payment after a removal.
 */
function sequences(cat: Catalog, s: WorldState) {
  const SITE = 'site_qianhai';
  const CART = 'fang_cart';
  const people = ['lao_chen', 'fang_lan', 'lin_feng'];
  const who = fc.constantFrom(...people);
  const thing = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(SITE, CART) },
    { weight: 2, arbitrary: fc.constant('$new:0') },
    fc.constantFrom('$new:1', `e:${s.counters.entity + 1}`, '__proto__'),
  );
  const fact = fc.constantFrom('$new:0', '$new:1', `f:${s.counters.fact + 1}`);
  const t = <T extends string>(type: T) => fc.constant(type);
  const amount = fc.integer({ min: 1, max: 40 });
  const change = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({ type: t('entity_removal'), entity: thing, reason: fc.constantFrom('sold', 'faded', 'no_upkeep') }),
    },
    {
      weight: 5,
      arbitrary: fc.record({
        type: t('entity_update'),
        entity: thing,
        properties: fc.constantFrom({ open: false }, { location: 'dongmen' }, { level: 2 }),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        type: t('new_entity'),
        template: fc.constantFrom('mural', 'fruit_cart'),
        location: t('dongmen'),
        owner: fc.option(who, { nil: null }),
        properties: fc.constant({}),
      }),
    },
    // no energy: a gift of it may lift a body past the pack's maximum, a bound this property is not about
    fc.record({
      type: t('resource_transfer'),
      from: who,
      to: who,
      resource: fc.constantFrom('money', 'item:water'),
      amount,
      reason: fc.constantFrom('gift', 'patron', 'tend'),
    }),
    fc.record({ type: t('money_source'), to: who, amount, source: fc.constantFrom(...cat.sources) }),
    fc.record({ type: t('money_sink'), from: who, amount, sink: fc.constantFrom(...cat.sinks) }),
    fc.record({
      type: t('new_fact'),
      content: fc.constant({ text: 'they say' }),
      about: fc.option(who, { nil: null }),
      truth: fc.boolean(),
    }),
    fc.record({ type: t('knowledge_learned'), actor: who, fact, from: who, channel: fc.constantFrom('shout', 'moments') }),
    fc.record({ type: t('status_change'), actor: who, to: fc.constantFrom('alive', 'dying', 'unconscious'), reason: t('x') }),
    fc.record({
      type: t('resource_gain'),
      actor: who,
      resource: fc.constantFrom('energy', 'item:water'),
      amount: fc.integer({ min: -20, max: 20 }),
      reason: t('x'),
    }),
    fc.record({ type: t('place_mood'), place: t('dongmen'), delta: fc.integer({ min: -3, max: 3 }) }),
    fc.record({ type: t('relationship_change'), from: who, to: who, delta: fc.integer({ min: -9, max: 9 }) }),
  ) as fc.Arbitrary<WorldChange>;
  // the owners themselves (who may remove and change their things), the story layer, the things' own effects, the clock
  const proposer = fc.constantFrom('lao_chen', 'fang_lan', 'lao_chen moves', 'director', SITE, CART, 'clock');
  const proposal = fc.record({ by: proposer, changes: fc.array(change, { minLength: 1, maxLength: 6 }) });
  return fc.array(proposal, { minLength: 1, maxLength: 4 });
}

describe('a proposal is judged as a sequence', () => {
  it('any 1-6 changes over the same few ids: the Judge never throws, invariants hold, an accepted proposal folds, and the log replays to the same state', () => {
    const start = () => {
      const s = fresh(cat, 1);
      for (const id of ['lao_chen', 'fang_lan', 'lin_feng']) s.actors[id].location = 'dongmen';
      return s;
    };
    const seen = { accepted: 0, acceptedRemovals: 0, alreadyRemoved: 0, moves: 0 };
    fc.assert(
      fc.property(sequences(cat, start()), (batch) => {
        const s = start();
        const judge = new TickJudge(cat, s, 1);
        for (const { by, changes } of batch) {
          const statusBefore = new Map(Object.values(s.actors).map((a) => [a.id, a.status]));
          let reason: Reason | null;
          if (by === 'lao_chen' || by === 'fang_lan' || by === 'lao_chen moves') {
            const actor = by.split(' ')[0];
            const from = s.actors[actor].location;
            const to = from === 'dongmen' ? 'luohu_station' : 'dongmen';
            const fare = travelCost(cat, s, from, to, 'walk', actor)!;
            const move = by.endsWith('moves');
            const c = move
              ? ({ id: 'm', actor, tool: 'move', args: { destination: to, mode: 'walk' } } as ToolCall)
              : ({ id: 'x', actor, tool: 'express', args: { channel: 'self_talk', content: { text: 'hm' } } } as ToolCall);
            const paid = move ? { energy: -fare.energy, ...(fare.money ? { money: -fare.money } : {}) } : {};
            reason =
              judge.call(c, {
                ok: true,
                consequence: { narrative: { text: 'x' }, world_changes: changes, resource_changes: paid, side_effects: [] },
              })?.reason ?? null;
            if (move && reason === null) seen.moves++;
          } else {
            const p =
              by === 'director'
                ? proposers.story('director', null, 'dongmen')
                : by === 'clock'
                  ? proposers.clock('dongmen')
                  : proposers.effect(by, s.entities[by]?.location ?? 'dongmen');
            reason = judge.proposal(p, changes);
          }
          if (reason === null) {
            seen.accepted++;
            if (changes.some((c) => c.type === 'entity_removal')) seen.acceptedRemovals++;
          } else if (reason.code === 'already_removed') seen.alreadyRemoved++;
          invariants(cat, s, statusBefore);
        }
        judge.finish();
        // the log as a store keeps it, folded afresh: every event meets what it is about, and the state comes out the same
        const replayed = start();
        for (const e of JSON.parse(JSON.stringify(judge.events)) as Event[]) {
          refsExist(cat, replayed, e);
          applyEvent(replayed, e);
        }
        if (canonicalJson(replayed) !== canonicalJson(s)) throw new Error('the log does not fold to the state the Judge left');
      }),
      { numRuns: 1500, seed: 20261126 },
    );
    // the sequences the property is about really happened, both ways
    expect(seen.alreadyRemoved).toBeGreaterThan(30);
    expect(seen.acceptedRemovals).toBeGreaterThan(50);
    expect(seen.moves).toBeGreaterThan(20);
  }, 60_000);
});
