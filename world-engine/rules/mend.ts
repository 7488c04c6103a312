import type { WorldChange } from '../../sim/model/consequence.ts';
import { healedBy } from '../../sim/model/harm.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { ActorState } from '../../sim/state/types.ts';

/**
 * What a rest (one's own) or a care (another's, in person) mends, as the pack's harm says: the harm
 * tags that heal that way, and in a pack with hit points, its step of them back.
 */
export function mending(cat: Catalog, a: ActorState, way: 'rest' | 'care'): WorldChange[] {
  const harm = cat.scenario.vocabulary.harm;
  const out: WorldChange[] = healedBy(harm, a, way).map((tag) => ({ type: 'tag_removed' as const, actor: a.id, tag }));
  if (harm.hp && (a.hpLost ?? 0) > 0) out.push({ type: 'hp_delta', target: a.id, delta: Math.min(harm.hp.step, a.hpLost!), cause: way });
  return out;
}
