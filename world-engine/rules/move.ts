import type { CallOf } from '../../sim/model/tools.ts';
import { msg, ref } from '../../sim/model/text.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { Slice } from '../types.ts';
import { Outcome } from './build.ts';

export function move(_cat: Catalog, s: Slice, c: CallOf<'move'>) {
  const out = new Outcome(
    msg('narrative.move', { actor: ref('actor', s.actor.id), place: ref('place', c.args.destination), mode: ref('mode', c.args.mode) }),
  );
  // an unknown or unreachable place is the Judge's to refuse; the engine only prices the trip
  if (s.travel) out.cost('money', s.travel.money).cost('energy', s.travel.energy);
  // a toll is paid to the owner of the thing on the link, not into a sink: the Judge checks it was
  for (const t of s.travel?.tolls ?? [])
    out.change({ type: 'resource_transfer', from: s.actor.id, to: t.owner, resource: 'money', amount: t.amount, reason: 'toll' });
  return out.done();
}
