import type { WorldChange } from '../model/consequence.ts';
import { own } from '../model/ids.ts';
import { needLevel, needResource } from '../model/needs.ts';
import type { Proposer } from './changes.ts';
import type { Draft } from './draft.ts';
import { check } from './reasons.ts';

/**
 * A need the pack declares raised: only by the body's own call, and only by as much as the things that
 * satisfy it, used up in the same proposal, are worth (no one breathes, drinks or warms up on words).
 * What would pass the need's max is not given.
 */
export function needGain(d: Draft, c: Extract<WorldChange, { type: 'need_gain' }>, p: Proposer): void {
  const need = d.cat.needs.get(c.need);
  check(need, 'unknown_need', { id: c.need });
  const a = own(d.state.actors, c.actor);
  check(a, 'unknown_actor', { id: c.actor });
  check(p.actor === c.actor, 'not_yours');
  const res = needResource(need.id);
  // what this proposal used up of the body's things (bought in it or carried), each by what it gives the need
  let worth = 0;
  for (const e of d.events) {
    if (e.type !== 'resource_changed' || e.actor !== c.actor || e.delta >= 0 || !e.resource.startsWith('item:')) continue;
    const s = d.cat.items.get(e.resource.slice(5))?.satisfies;
    worth += -e.delta * ((s && own(s, need.id)) ?? 0);
  }
  const raised = d.pending(c.actor, res);
  // the need as a term (sim/i18n/render.ts), so the refusal names it in the reader's language
  check(c.amount <= worth - raised, 'need_unmet', { need: res });
  const delta = Math.min(c.amount, need.max - needLevel(need, a) - raised);
  if (delta <= 0) return;
  d.move(c.actor, res, delta);
  d.emit({ type: 'resource_changed', actor: c.actor, resource: res, delta, reason: c.reason });
}
