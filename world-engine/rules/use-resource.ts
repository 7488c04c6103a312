import type { CallOf } from '../../sim/model/tools.ts';
import { msg, ref } from '../../sim/model/text.ts';
import { rngFor } from '../../sim/rng.ts';
import { type Catalog, onSale } from '../../sim/scenario/catalog.ts';
import type { Slice } from '../types.ts';
import { Outcome } from './build.ts';
import { foodHere, slicePrice, sliceWage } from './food.ts';
import { jobHeldAt, onShift, paidThisShift } from '../../sim/model/jobs.ts';
import { mending } from './mend.ts';
import { seated } from '../../sim/state/seats.ts';

import type { PurposeMechanism } from '../../sim/model/vocabulary.ts';
import type { Item } from '../../sim/model/scenario.ts';

type Call = CallOf<'use_resource'>;
type Purpose = (cat: Catalog, s: Slice, c: Call) => Outcome;

const A = (s: Slice) => ref('actor', s.actor.id);
/** a resource as a message parameter: an item by reference, energy or time as a term */
const resourceParam = (resource: string) => (resource.startsWith('item:') ? ref('item', resource.slice(5)) : resource);
/** what spending says: money in the pack's currency, anything else by amount and name */
const spent = (s: Slice, resource: string, amount: number) =>
  resource === 'money'
    ? msg('narrative.spend', { actor: A(s), money: amount })
    : msg('narrative.spend_other', { actor: A(s), amount, resource: resourceParam(resource) });

/** Spending a resource does what its purpose's mechanism says; an undeclared purpose is plain spending. */
const PURPOSES: Record<PurposeMechanism, Purpose> = {
  eat(cat, s, c) {
    if (c.args.resource.startsWith('item:')) {
      const item = cat.items.get(c.args.resource.slice(5));
      if (!item || (item.energy === 0 && !item.satisfies)) return new Outcome(msg('narrative.cannot_eat', { actor: A(s) }));
      if (item.energy === 0)
        return satisfied(cat, new Outcome(msg('narrative.use_item', { actor: A(s), item: ref('item', item.id) })), s, item);
      return satisfied(cat, new Outcome(msg('narrative.eat_item', { actor: A(s), item: ref('item', item.id) })), s, item).change({
        type: 'resource_gain',
        actor: s.actor.id,
        resource: 'energy',
        amount: item.energy,
        reason: 'food',
      });
    }
    const food = foodHere(cat, s, c.args.amount);
    if (!food) return new Outcome(msg('narrative.no_food', { actor: A(s), place: ref('place', s.place.id) }));
    const out = new Outcome(
      msg(food.stall ? 'narrative.eat_stall' : 'narrative.eat_item', {
        actor: A(s),
        item: food.stall ? ref('entity', food.stall.id) : ref('item', food.item!),
      }),
    ).change({ type: 'resource_gain', actor: s.actor.id, resource: 'energy', amount: food.energy, reason: 'food' });
    if (food.stall) {
      return out.change(
        { type: 'resource_transfer', from: s.actor.id, to: food.stall.owner!, resource: 'money', amount: food.price, reason: 'stall_sale' },
        { type: 'relationship_change', from: food.stall.owner!, to: s.actor.id, delta: 1 },
      );
    }
    return out.cost('money', food.price);
  },
  work(cat, s) {
    const held = jobHeldAt(cat.scenario.meta.jobs, s.actor.tags, s.place.id);
    if (!held) return new Outcome(msg('narrative.no_work', { actor: A(s) }));
    const job = held.job;
    // out of the shift the gate is shut: the worker is told, and keeps their strength
    if (!onShift(job, s.tick, cat.scenario.vocabulary.time))
      return new Outcome(msg('narrative.off_shift', { actor: A(s), job: ref('job', job.id) }));
    // a job paid by the shift has paid this one already: the work is done all the same, for nothing
    if (paidThisShift(job, s.actor, s.tick, cat.scenario.vocabulary.time))
      return new Outcome(msg('narrative.work_unpaid', { actor: A(s), job: ref('job', job.id) })).cost('energy', job.energy);
    // an employer with nothing in the purse gets no work done: the worker is told, and keeps their strength
    const wage = sliceWage(s, job);
    if (job.source === undefined && (s.employer?.money ?? 0) < wage) {
      return new Outcome(msg('narrative.no_pay', { actor: A(s), employer: ref('actor', held.employer) }));
    }
    const out = new Outcome(msg('narrative.work', { actor: A(s), job: ref('job', job.id) })).cost('energy', job.energy);
    // a job without a declared source is paid by its employer: money changes hands, none is made
    return job.source !== undefined
      ? out.change({ type: 'money_source', to: s.actor.id, amount: wage, source: job.source })
      : out.change({ type: 'resource_transfer', from: held.employer, to: s.actor.id, resource: 'money', amount: wage, reason: 'wage' });
  },
  perform(cat, s, c) {
    const purpose = cat.words.purpose(c.args.purpose);
    const item = c.args.resource.startsWith('item:') ? c.args.resource.slice(5) : '';
    // one performs with something the purpose names and one has in hand
    if (!purpose?.items.includes(item) || !((s.actor.inventory[item] ?? 0) > 0))
      return new Outcome(msg('narrative.cannot_perform', { actor: A(s) }));
    const source = purpose.source;
    const rng = rngFor(s.seed, s.tick, s.actor.id, 'tips');
    const out = new Outcome(msg('narrative.perform', { actor: A(s), item: ref('item', c.args.resource.slice(5)) })).cost('energy', 5);
    const audience = s.listeners.length;
    // a crowd and a cheerful place tip more; in the pack's money, about a meal a listener
    const meal = cat.levels.meal;
    const tips = audience === 0 ? 0 : rng.int(0, Math.round(1.2 * meal * audience + 0.4 * meal * Math.max(0, s.place.mood)));
    if (tips > 0 && source !== undefined) {
      out.change(
        { type: 'money_source', to: s.actor.id, amount: tips, source },
        { type: 'reputation_change', actor: s.actor.id, delta: 1, reason: 'performance' },
      );
      // the one who claps is a bot: a player's hands move only by their own call
      const fans = s.listeners.filter((l) => !seated(l));
      if (fans.length) {
        const fan = fans[rng.int(0, fans.length - 1)];
        out
          .change({ type: 'relationship_change', from: fan.id, to: s.actor.id, delta: 2 })
          .side(msg('side.applause', { actor: ref('actor', fan.id) }));
      }
    } else {
      out.side(msg('side.ignored', { actor: A(s) }));
    }
    return out;
  },
  invest(_cat, s, c) {
    const own = s.target?.kind === 'entity' && s.target.entity.owner === s.actor.id ? s.target.entity : null;
    if (!own || c.args.resource !== 'money')
      return new Outcome(spent(s, c.args.resource, c.args.amount)).cost(c.args.resource, c.args.amount);
    const level = Number(own.properties.level ?? 1);
    return new Outcome(msg('narrative.invest', { actor: A(s), entity: ref('entity', own.id) }))
      .cost('money', c.args.amount)
      .change({ type: 'entity_update', entity: own.id, properties: { level: level + 1 } });
  },
  gift(_cat, s, c) {
    if (s.target?.kind !== 'actor') return new Outcome(msg('narrative.no_one', { actor: A(s) }));
    const to = s.target.actor.id;
    return new Outcome(
      c.args.resource === 'money'
        ? msg('narrative.gift', { actor: A(s), target: ref('actor', to), money: c.args.amount })
        : msg('narrative.gift_other', {
            actor: A(s),
            target: ref('actor', to),
            amount: c.args.amount,
            resource: resourceParam(c.args.resource),
          }),
    ).change(
      { type: 'resource_transfer', from: s.actor.id, to, resource: c.args.resource, amount: c.args.amount, reason: 'gift' },
      { type: 'relationship_change', from: to, to: s.actor.id, delta: 6 },
      { type: 'relationship_change', from: s.actor.id, to, delta: 2 },
    );
  },
  buy(cat, s, c) {
    const id = c.args.resource.slice(5);
    const item = cat.items.get(id);
    if (!item || !cat.places.get(s.place.id)?.sells.includes(id)) return new Outcome(msg('narrative.not_sold', { actor: A(s), item: id }));
    if (s.closed || !onSale(cat, s.place.id, s.tick).includes(id))
      return new Outcome(msg('narrative.closed', { actor: A(s), place: ref('place', s.place.id) }));
    return new Outcome(msg('narrative.buy', { actor: A(s), item: ref('item', id) }))
      .cost('money', slicePrice(s, id, item.price) * c.args.amount)
      .change({ type: 'resource_gain', actor: s.actor.id, resource: c.args.resource, amount: c.args.amount, reason: 'bought' });
  },
  spend(_cat, s, c) {
    return new Outcome(spent(s, c.args.resource, c.args.amount)).cost(c.args.resource, c.args.amount);
  },
  rest(cat, s) {
    return new Outcome(msg('narrative.rest', { actor: A(s), place: ref('place', s.place.id) })).change(
      { type: 'resource_gain', actor: s.actor.id, resource: 'energy', amount: 6 + Math.max(0, s.place.mood), reason: 'rest' },
      ...mending(cat, s.actor, 'rest'),
    );
  },
};

/**
 * One of an item used up, and each need it satisfies raised by what it gives (sim/judge/need-gain.ts). A
 * thing that satisfies a need, not in hand but on sale here, is bought and used at once: one in need
 * does not buy it and collapse before the next turn to use it.
 */
function satisfied(cat: Catalog, out: Outcome, s: Slice, item: Item): Outcome {
  const res = `item:${item.id}`;
  if (item.satisfies && !((s.actor.inventory[item.id] ?? 0) > 0) && !s.closed && onSale(cat, s.place.id, s.tick).includes(item.id))
    out
      .cost('money', slicePrice(s, item.id, item.price))
      .change({ type: 'resource_gain', actor: s.actor.id, resource: res, amount: 1, reason: 'bought' });
  out.cost(res, 1);
  for (const need of Object.keys(item.satisfies ?? {}).sort())
    out.change({ type: 'need_gain', actor: s.actor.id, need, amount: item.satisfies![need], reason: 'used' });
  return out;
}

export function useResource(cat: Catalog, s: Slice, c: Call) {
  return PURPOSES[cat.words.purposeDoes(c.args.purpose)](cat, s, c).done();
}
