import type { CallOf } from '../../sim/model/tools.ts';
import { msg, ref } from '../../sim/model/text.ts';
import { travelCost, type Catalog } from '../../sim/scenario/catalog.ts';
import type { WorldState } from '../../sim/state/types.ts';
import type { Slice } from '../types.ts';
import { Outcome } from './build.ts';

export function move(cat: Catalog, s: Slice, c: CallOf<'move'>, state: Pick<WorldState, 'generatedPlaces'>) {
  const cost = travelCost(cat, state as WorldState, s.place.id, c.args.destination, c.args.mode);
  const out = new Outcome(msg('narrative.move', { actor: ref('actor', s.actor.id), place: ref('place', c.args.destination), mode: c.args.mode }));
  // an unknown or unreachable place is the Judge's to refuse; the engine only prices the trip
  if (cost) out.cost('money', cost.money).cost('energy', cost.energy);
  return out.done();
}
