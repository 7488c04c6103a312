import type { Message } from '../sim/model/text.ts';
import { msg } from '../sim/model/text.ts';
import { STRATEGIES, WEIGHT_MAX, WEIGHT_MIN, type Strategy } from '../sim/model/strategy.ts';
import type { Catalog } from '../sim/scenario/catalog.ts';
import type { ActorState, WorldState } from '../sim/state/types.ts';

export interface Reflection {
  deltas: Partial<Record<Strategy, number>>;
  reasons: Message[];
}

/** Strategies that need someone else to answer: unanswered, they count as being ignored. */
const NEEDS_AUDIENCE: Strategy[] = ['social', 'teach', 'art'];
/** Where an ignored actor turns instead. */
const INSTEAD: Partial<Record<Strategy, Strategy>> = { social: 'work', teach: 'trade', art: 'explore' };

export const dueForReflection = (cat: Catalog, a: ActorState) => a.wakes >= cat.scenario.meta.rules.needs.reflectEvery;

/**
 * Did my recent actions work? Reinforce what paid, drop what cost and earned nothing, change
 * approach when ignored, and lean towards what others around me built.
 */
export function reflect(cat: Catalog, state: WorldState, a: ActorState): Reflection {
  const deltas: Partial<Record<Strategy, number>> = {};
  const reasons: Message[] = [];
  const add = (k: Strategy, d: number, why: Message) => {
    // a weight already at its bound is not rethought: "it paid off again" changes nothing and says nothing
    if ((d > 0 && a.strategy[k] >= WEIGHT_MAX) || (d < 0 && a.strategy[k] <= WEIGHT_MIN)) return;
    deltas[k] = Math.round(((deltas[k] ?? 0) + d) * 1000) / 1000;
    reasons.push(why);
  };
  for (const k of STRATEGIES) {
    const l = a.ledger[k];
    if (!l) continue;
    if (l.earned > l.spent && l.earned > 0) {
      add(k, 0.05 + Math.min(0.15, (l.earned - l.spent) / 1000), msg('reflect.paid', { strategy: k, money: l.earned - l.spent }));
    } else if (l.spent > 0 && l.earned === 0 && k !== 'rest' && k !== 'explore') {
      add(k, -0.1, msg('reflect.wasted', { strategy: k, money: l.spent }));
    }
    if (NEEDS_AUDIENCE.includes(k) && l.tries >= 2) {
      if (l.responses === 0) {
        add(k, -0.15, msg('reflect.ignored', { strategy: k }));
        add(INSTEAD[k]!, 0.1, msg('reflect.instead', { strategy: INSTEAD[k]! }));
      } else if (l.earned === 0) {
        add(k, 0.05, msg('reflect.answered', { strategy: k }));
      }
    }
  }
  // imitation: something new that others made here is worth a try; new since one last took stock, not the same thing again
  const since = state.tick + 1 - cat.scenario.meta.rules.needs.reflectEvery * a.heartbeat;
  const seen = state.places[a.location].recent.filter(
    (o) => o.tick >= since && o.actor && o.actor !== a.id && 'key' in o.msg && o.msg.key === 'observe.entity_created',
  );
  for (const o of seen.slice(-1)) {
    const p = 'key' in o.msg ? o.msg.params?.entity : undefined;
    const ent = typeof p === 'object' ? state.entities[p.id] : undefined;
    const strat = ent && cat.templates.get(ent.template)?.strategy;
    if (strat) add(strat, 0.05, msg('reflect.imitate', { strategy: strat }));
  }
  return { deltas, reasons };
}
