import type { WorldChange } from '../../sim/model/consequence.ts';
import type { EntityState } from '../../sim/model/events.ts';
import type { Effect } from '../../sim/model/scenario.ts';
import { rngFor } from '../../sim/rng.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import { membersOf } from '../../sim/state/members.ts';
import { seated } from '../../sim/state/seats.ts';
import { budgetLeft } from '../../sim/state/minted.ts';
import type { ActorState, WorldState } from '../../sim/state/types.ts';

export interface EffectProposal {
  entity: string;
  place: string;
  changes: WorldChange[];
}

interface Ctx {
  cat: Catalog;
  state: WorldState;
  tick: number;
  entity: EntityState;
  here: (place: string) => ActorState[];
  /** how many things of this one's template stand at its place, itself included, as the tick began */
  kin: (entity: EntityState) => number;
}
type Handler<T extends Effect['type']> = (ctx: Ctx, eff: Extract<Effect, { type: T }>) => WorldChange[];

/** What created things keep doing, tick after tick (a stall has a chance to earn every tick). */
const HANDLERS: { [T in Effect['type']]: Handler<T> } = {
  income({ cat, state, tick, entity, here, kin }, eff) {
    const owner = entity.owner ? state.actors[entity.owner] : null;
    if (!owner || owner.status === 'dead' || owner.status === 'restrained_permanent') return [];
    // the same thing sold beside it takes its customers: the pack says how much
    const crowd = eff.crowding === undefined ? 1 : 1 / (1 + eff.crowding * (kin(entity) - 1));
    if (eff.from === 'present') {
      // a patron pays the owner: money changes hands, none is made; a player pays only by their own call
      const rng = rngFor(state.seed, tick, entity.id, 'income');
      if (!rng.chance(eff.chance * crowd)) return [];
      const amount = rng.int(eff.min, eff.max);
      const able = here(entity.location).filter((a) => a.id !== owner.id && a.status === 'alive' && a.money >= amount && !seated(a));
      if (!able.length) return [];
      return [{ type: 'resource_transfer', from: rng.pick(able).id, to: owner.id, resource: 'money', amount, reason: 'patron' }];
    }
    if (eff.source === undefined) return [];
    // a source whose budget for the day is spent pays nothing: the Judge would refuse it (most stalls,
    // late in a day), and a refusal is a thrown rejection and a draft for nothing. Each thing draws
    // from its own generator, so one that could not be paid whatever it drew draws nothing.
    const left = budgetLeft(cat, state, eff.source, tick);
    if (left !== null && eff.min > left) return [];
    const level = Number(entity.properties.level ?? 1);
    const mood = state.places[entity.location]?.mood ?? 0;
    // a better stall and a livelier place draw more customers
    const p = Math.min(0.95, eff.chance * (1 + 0.25 * (level - 1)) * (1 + 0.05 * mood)) * crowd;
    const rng = rngFor(state.seed, tick, entity.id, 'income');
    if (!rng.chance(p)) return [];
    const amount = rng.int(eff.min, eff.max);
    if (left !== null && amount > left) return [];
    return [{ type: 'money_source', to: owner.id, amount, source: eff.source }];
  },
  mood({ tick, entity }, eff) {
    // things present from the start are part of the place; made things fade and take their mood along
    if (entity.createdAt < 0 || tick - entity.createdAt < eff.lifetime) return [];
    return [
      { type: 'entity_removal', entity: entity.id, reason: 'faded' },
      { type: 'place_mood', place: entity.location, delta: -eff.delta },
    ];
  },
  class({ tick, entity }, eff) {
    const last = Number(entity.properties.lastStudent ?? entity.createdAt);
    return tick - last >= eff.graceTicks ? [{ type: 'entity_removal', entity: entity.id, reason: 'no_students' }] : [];
  },
  rumour: () => [],
  food: () => [],
  tend({ cat, state, tick, entity, here }, eff) {
    const max = cat.scenario.meta.rules.needs.energyMax;
    const out: WorldChange[] = [];
    const order = rngFor(state.seed, tick, entity.id, 'tend').shuffle(here(entity.location).map((a) => a.id));
    for (const id of order.slice(0, eff.people)) {
      const a = state.actors[id];
      // rescue is free: nobody haggles with the dying
      if ((a.status === 'dying' || a.status === 'unconscious') && eff.rescue) {
        out.push({ type: 'status_change', actor: id, to: 'alive', reason: 'tended' });
        continue;
      }
      // only the tired are tended (and charged): below half their strength
      if (a.status !== 'alive' || eff.energy === 0 || a.energy >= max / 2) continue;
      // a player never called for it, so nothing is taken from their purse: for them it is free
      const charged = eff.price > 0 && entity.owner !== null && entity.owner !== id && !seated(a);
      // one who cannot pay the price is not tended: the owner gives nothing away
      if (charged && a.money < eff.price) continue;
      if (charged)
        out.push({ type: 'resource_transfer', from: id, to: entity.owner!, resource: 'money', amount: eff.price, reason: 'tend' });
      out.push({ type: 'resource_gain', actor: id, resource: 'energy', amount: Math.min(eff.energy, max - a.energy), reason: 'tend' });
    }
    return out;
  },
  lifetime({ tick, entity }, eff) {
    // things the pack placed at the start are part of the world and never wear out
    if (entity.createdAt < 0 || tick - entity.createdAt < eff.ticks) return [];
    return [{ type: 'entity_removal', entity: entity.id, reason: 'expired' }];
  },
  upkeep({ state, tick, entity }, eff) {
    const since = tick - Math.max(0, entity.createdAt);
    if (entity.owner === null || since <= 0 || since % eff.every !== 0) return [];
    const owner = state.actors[entity.owner];
    if (!owner || owner.money < eff.amount) return [{ type: 'entity_removal', entity: entity.id, reason: 'no_upkeep' }];
    return [{ type: 'money_sink', from: owner.id, amount: eff.amount, sink: eff.sink }];
  },
  // tolls are paid when someone moves (sim/scenario/catalog.ts travelCost), not by the clock
  toll: () => [],
  requires: () => [],
};
/** The effects whose handler above never proposes anything (what a thing is, not what it does): skipped without a call. */
const IDLE = new Set<Effect['type']>(['rumour', 'food', 'toll', 'requires']);

/**
 * Proposals from every entity's lasting effects this tick, in entity order, each made only when the
 * one before it has been judged: a patron who paid one thing has that much less for the next, and a
 * thing removed earlier in the tick does nothing more.
 */
export function* lastingEffects(cat: Catalog, state: WorldState, tick: number): Generator<EffectProposal> {
  // who is at each place, built once and only if a thing asks (nobody moves while effects run)
  let byPlace: Map<string, ActorState[]> | null = null;
  const here = (place: string) => {
    if (!byPlace) {
      byPlace = new Map();
      const actors = membersOf(state.actors);
      for (let i = 0; i < actors.length; i++) {
        const a = actors[i];
        const list = byPlace.get(a.location);
        if (list) list.push(a);
        else byPlace.set(a.location, [a]);
      }
    }
    return byPlace.get(place) ?? [];
  };
  // things of each template at each place (place -> template -> count), counted once and only if a thing asks
  let kinds: Map<string, Map<string, number>> | null = null;
  const kin = (entity: EntityState) => {
    if (!kinds) {
      kinds = new Map();
      const all = membersOf(state.entities);
      for (let i = 0; i < all.length; i++) {
        const e = all[i];
        let atPlace = kinds.get(e.location);
        if (!atPlace) kinds.set(e.location, (atPlace = new Map()));
        atPlace.set(e.template, (atPlace.get(e.template) ?? 0) + 1);
      }
    }
    return kinds.get(entity.location)?.get(entity.template) ?? 1;
  };
  // one context for the walk, pointed at each thing in turn (thousands of things a tick)
  const ctx: Ctx = { cat, state, tick, entity: null as unknown as EntityState, here, kin };
  // the list as it stands now: a judged proposal that removes a thing makes the fold build a new list, and leaves this one whole
  const things = membersOf(state.entities);
  for (let i = 0; i < things.length; i++) {
    const entity = things[i];
    const t = cat.templates.get(entity.template);
    if (!t) continue;
    ctx.entity = entity;
    for (const eff of t.effects) {
      if (IDLE.has(eff.type)) continue;
      if (state.entities[entity.id] !== entity) break;
      const changes = (HANDLERS[eff.type] as Handler<Effect['type']>)(ctx, eff);
      if (changes.length) yield { entity: entity.id, place: entity.location, changes };
    }
  }
}
