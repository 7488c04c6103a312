import type { WorldChange } from '../../sim/model/consequence.ts';
import type { EntityState } from '../../sim/model/events.ts';
import type { Effect } from '../../sim/model/scenario.ts';
import { rngFor } from '../../sim/rng.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import { membersOf } from '../../sim/state/members.ts';
import type { WorldState } from '../../sim/state/types.ts';

export interface EffectProposal { entity: string; place: string; changes: WorldChange[] }

type Handler<T extends Effect['type']> = (ctx: { state: WorldState; tick: number; entity: EntityState },
  eff: Extract<Effect, { type: T }>) => WorldChange[];

/** What created things keep doing, tick after tick (seed 002: "a stall has a chance to earn every tick"). */
const HANDLERS: { [T in Effect['type']]: Handler<T> } = {
  income({ state, tick, entity }, eff) {
    const owner = entity.owner ? state.actors[entity.owner] : null;
    if (!owner || owner.status === 'dead' || owner.status === 'restrained_permanent' || eff.source === undefined) return [];
    const level = Number(entity.properties.level ?? 1);
    const mood = state.places[entity.location]?.mood ?? 0;
    // a better stall and a livelier place draw more customers
    const p = Math.min(0.95, eff.chance * (1 + 0.25 * (level - 1)) * (1 + 0.05 * mood));
    const rng = rngFor(state.seed, tick, entity.id, 'income');
    if (!rng.chance(p)) return [];
    return [{ type: 'money_source', to: owner.id, amount: rng.int(eff.min, eff.max), source: eff.source }];
  },
  mood({ tick, entity }, eff) {
    // things present from the start are part of the place; made things fade and take their mood along
    if (entity.createdAt < 0 || tick - entity.createdAt < eff.lifetime) return [];
    return [{ type: 'entity_removal', entity: entity.id, reason: 'faded' }, { type: 'place_mood', place: entity.location, delta: -eff.delta }];
  },
  class({ tick, entity }, eff) {
    const last = Number(entity.properties.lastStudent ?? entity.createdAt);
    return tick - last >= eff.graceTicks ? [{ type: 'entity_removal', entity: entity.id, reason: 'no_students' }] : [];
  },
  rumour: () => [],
  food: () => [],
  tend: () => [],
  lifetime: () => [],
  upkeep: () => [],
  toll: () => [],
  requires: () => [],
};

/** Proposals from every entity's lasting effects this tick, in entity order. */
export function lastingEffects(cat: Catalog, state: WorldState, tick: number): EffectProposal[] {
  const out: EffectProposal[] = [];
  for (const entity of membersOf(state.entities)) {
    const id = entity.id;
    const t = cat.templates.get(entity.template);
    if (!t) continue;
    for (const eff of t.effects) {
      const changes = (HANDLERS[eff.type] as Handler<Effect['type']>)({ state, tick, entity }, eff);
      if (changes.length) out.push({ entity: id, place: entity.location, changes });
    }
  }
  return out;
}
