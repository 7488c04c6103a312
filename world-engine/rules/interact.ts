import type { EntityState } from '../../sim/model/events.ts';
import type { CallOf } from '../../sim/model/tools.ts';
import { msg, ref } from '../../sim/model/text.ts';
import { rngFor } from '../../sim/rng.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { ActorState } from '../../sim/state/types.ts';
import type { Slice } from '../types.ts';
import { Outcome } from './build.ts';
import { heldJob, jobTag, qualifies } from '../../sim/model/jobs.ts';
import { skillTag } from '../../sim/model/skills.ts';
import type { MannerMechanism } from '../../sim/model/vocabulary.ts';
import { theftMost } from '../../sim/model/theft.ts';
import { mending } from './mend.ts';
import { seated } from '../../sim/state/seats.ts';

type Call = CallOf<'interact'>;
type WithActor = (cat: Catalog, s: Slice, c: Call, other: ActorState) => Outcome;
type WithEntity = (cat: Catalog, s: Slice, c: Call, e: EntityState) => Outcome;

const A = (s: Slice) => ref('actor', s.actor.id);
const both = (a: string, b: string, delta: number) => [
  { type: 'relationship_change' as const, from: a, to: b, delta },
  { type: 'relationship_change' as const, from: b, to: a, delta },
];

/** A fact the speaker knows and the listener does not: what friendly talk passes on. */
function gossip(s: Slice, other: ActorState) {
  for (let i = s.known.length - 1; i >= 0; i--) {
    const f = s.known[i];
    if (!other.knows.includes(f.id) && f.about !== other.id) return f;
  }
  return null;
}

/** What each manner's mechanism does to a person; the pack's word for it is only a name. */
const WITH_ACTOR: Record<MannerMechanism, WithActor> = {
  befriend(_cat, s, c, other) {
    const rng = rngFor(s.seed, s.tick, s.actor.id, 'chat');
    const warmth = rng.int(1, 3) + Math.round(2 * other.drives.sociability) + (s.place.mood > 0 ? 1 : 0);
    const out = new Outcome(msg('narrative.chat', { actor: A(s), target: ref('actor', other.id) })).change(
      ...both(s.actor.id, other.id, warmth),
    );
    const fact = gossip(s, other);
    if (fact) {
      out
        .change({ type: 'knowledge_learned', actor: other.id, fact: fact.id, from: s.actor.id, channel: 'word_of_mouth' })
        .side(msg('side.whisper', { actor: A(s), target: ref('actor', other.id) }));
    }
    return out;
  },
  bargain(cat, s, _c, other) {
    const job = cat.jobsByEmployer.get(other.soul);
    // a full crew takes nobody on, however well it goes: proposing the hire would only be refused
    if (!job || !cat.words.permits(other.roles, 'hire') || s.vacancy === false) {
      return new Outcome(msg('narrative.bargain', { actor: A(s), target: ref('actor', other.id) })).change(
        ...both(s.actor.id, other.id, 1),
      );
    }
    if (heldJob(s.actor.tags)) return new Outcome(msg('narrative.already_hired', { actor: A(s), target: ref('actor', other.id) }));
    if (!qualifies(job, s.actor))
      return new Outcome(msg('narrative.not_qualified', { actor: A(s), target: ref('actor', other.id), job: ref('job', job.id) }));
    return new Outcome(msg('narrative.hired', { actor: A(s), target: ref('actor', other.id), job: ref('job', job.id) })).change(
      { type: 'tag_added', actor: s.actor.id, tag: jobTag(job.id, other.id) },
      ...both(s.actor.id, other.id, 2),
    );
  },
  quarrel(_cat, s, _c, other) {
    const rng = rngFor(s.seed, s.tick, s.actor.id, 'quarrel');
    return new Outcome(msg('narrative.quarrel', { actor: A(s), target: ref('actor', other.id) }))
      .change(...both(s.actor.id, other.id, -rng.int(4, 9)), {
        type: 'reputation_change',
        actor: s.actor.id,
        delta: -2,
        reason: 'hostility',
      })
      .side(msg('side.onlookers', { actor: A(s) }));
  },
  rescue(cat, s, c, other) {
    const care = mending(cat, other, 'care');
    if (other.status !== 'dying' && other.status !== 'unconscious') {
      if (!care.length) return WITH_ACTOR.befriend(cat, s, c, other);
      // someone hurt but on their feet: their wounds are seen to
      return new Outcome(msg('narrative.tend_wounds', { actor: A(s), target: ref('actor', other.id) })).change(...care, {
        type: 'relationship_change',
        from: other.id,
        to: s.actor.id,
        delta: 4,
      });
    }
    // a rescuer presses the price of a few meals into their hand; a player saves a life, and gives
    // money only when they call for a gift
    const gift = seated(s.actor) ? 0 : Math.min(3 * cat.levels.meal, s.actor.money);
    const out = new Outcome(msg('narrative.rescue', { actor: A(s), target: ref('actor', other.id) })).change(
      { type: 'status_change', actor: other.id, to: 'alive', reason: 'rescued' },
      { type: 'relationship_change', from: other.id, to: s.actor.id, delta: 10 },
      { type: 'reputation_change', actor: s.actor.id, delta: 3, reason: 'rescue' },
      ...care,
    );
    if (gift > 0)
      out.change({ type: 'resource_transfer', from: s.actor.id, to: other.id, resource: 'money', amount: gift, reason: 'help' });
    return out.side(msg('side.rescue', { actor: A(s), target: ref('actor', other.id) }));
  },
  observe(_cat, s, _c, other) {
    return new Outcome(msg('narrative.watch', { actor: A(s), target: ref('actor', other.id) }));
  },
  learn(cat, s, c, other) {
    return WITH_ACTOR.befriend(cat, s, c, other);
  },
  buy(cat, s, c, other) {
    return WITH_ACTOR.bargain(cat, s, c, other);
  },
  /** always a check: a full success takes up to the pack's most, one at a cost half that; caught, the thief pays in standing */
  steal(cat, s, c, other) {
    const band = s.check?.band ?? 'fail';
    const most = theftMost(cat.words.manner(c.args.manner)?.max ?? 1, band);
    if (most > 0 && other.money > 0) {
      const amount = Math.min(other.money, rngFor(s.seed, s.tick, s.actor.id, 'steal').int(1, most));
      // the manner is named so that a pack may word its thefts (sim/model/vocabulary.ts, Say)
      const manner = ref('manner', c.args.manner);
      return new Outcome(msg('narrative.theft', { actor: A(s), target: ref('actor', other.id), manner })).change({
        type: 'resource_transfer',
        from: other.id,
        to: s.actor.id,
        resource: 'money',
        amount,
        reason: 'theft',
      });
    }
    return new Outcome(msg('narrative.theft_caught', { actor: A(s), target: ref('actor', other.id), manner: ref('manner', c.args.manner) }))
      .change(...both(s.actor.id, other.id, -8), { type: 'reputation_change', actor: s.actor.id, delta: -3, reason: 'theft' })
      .side(msg('side.onlookers', { actor: A(s) }));
  },
};

const WITH_ENTITY: Partial<Record<MannerMechanism, WithEntity>> = {
  buy(cat, s, _c, e) {
    const food = cat.effect(e.template, 'food');
    if (!food || !e.owner || e.owner === s.actor.id)
      return new Outcome(msg('narrative.look', { actor: A(s), entity: ref('entity', e.id) }));
    return new Outcome(msg('narrative.eat_stall', { actor: A(s), item: ref('entity', e.id) })).change(
      { type: 'resource_transfer', from: s.actor.id, to: e.owner, resource: 'money', amount: food.price, reason: 'stall_sale' },
      { type: 'resource_gain', actor: s.actor.id, resource: 'energy', amount: food.energy, reason: 'food' },
    );
  },
  learn(cat, s, _c, e) {
    const cls = cat.effect(e.template, 'class');
    if (!cls || !e.owner || e.owner === s.actor.id) return new Outcome(msg('narrative.look', { actor: A(s), entity: ref('entity', e.id) }));
    return new Outcome(msg('narrative.attend', { actor: A(s), entity: ref('entity', e.id) })).change(
      { type: 'resource_transfer', from: s.actor.id, to: e.owner, resource: 'money', amount: cls.fee, reason: 'class_fee' },
      { type: 'tag_added', actor: s.actor.id, tag: skillTag(cls.skill) },
      { type: 'entity_update', entity: e.id, properties: { lastStudent: s.tick, students: Number(e.properties.students ?? 0) + 1 } },
      ...both(s.actor.id, e.owner, 3),
    );
  },
  observe(cat, s, _c, e) {
    const out = new Outcome(msg('narrative.look', { actor: A(s), entity: ref('entity', e.id) }));
    const mood = cat.effect(e.template, 'mood');
    if (mood && e.owner && e.owner !== s.actor.id) {
      out
        .tell(msg('narrative.admire', { actor: A(s), entity: ref('entity', e.id) }))
        .change(
          { type: 'resource_gain', actor: s.actor.id, resource: 'energy', amount: 3, reason: 'inspired' },
          { type: 'relationship_change', from: s.actor.id, to: e.owner, delta: 2 },
          { type: 'reputation_change', actor: e.owner, delta: 1, reason: 'admired' },
        );
    }
    return out;
  },
  quarrel(_cat, s, _c, e) {
    const out = new Outcome(msg('narrative.scorn', { actor: A(s), entity: ref('entity', e.id) }));
    if (e.owner && e.owner !== s.actor.id) out.change({ type: 'relationship_change', from: e.owner, to: s.actor.id, delta: -4 });
    return out;
  },
};

export function interact(cat: Catalog, s: Slice, c: Call) {
  const t = s.target;
  const does = cat.words.mannerDoes(c.args.manner);
  if (!does) return new Outcome(msg('narrative.no_one', { actor: A(s) })).done();
  if (t?.kind === 'actor') return WITH_ACTOR[does](cat, s, c, t.actor).done();
  if (t?.kind === 'entity') {
    const handler = WITH_ENTITY[does];
    return (
      handler ? handler(cat, s, c, t.entity) : new Outcome(msg('narrative.look', { actor: A(s), entity: ref('entity', t.entity.id) }))
    ).done();
  }
  return new Outcome(msg('narrative.no_one', { actor: A(s) })).done();
}
