import type { WorldChange } from '../../../sim/model/consequence.ts';
import type { Binding, InkValue, LoadedStory } from '../../../sim/model/session.ts';
import type { StateChange } from './types.ts';

/**
 * What a judge's change to a story variable stands for. An unbound variable is the story's own: its
 * new value goes into the ink state. A bound variable is a measure of the world: its change is the
 * world change that would make it (a proposal the Judge validates like any other; money from the
 * story is from nowhere and is refused), or `null` when no change of the world can make it (a day,
 * a place, what others know): refused with that reason.
 */
export type Split = { story: Record<string, InkValue>; world: { change: StateChange; as: WorldChange | null }[] };

export function splitChanges(ls: LoadedStory, actor: string, variables: Record<string, InkValue>, changes: StateChange[]): Split {
  const out: Split = { story: {}, world: [] };
  for (const c of changes) {
    if (!Number.isInteger(c.delta) || c.delta === 0) continue;
    const b = Object.prototype.hasOwnProperty.call(ls.bindings, c.variable) ? ls.bindings[c.variable] : null;
    if (b) {
      out.world.push({ change: c, as: asWorldChange(b, actor, c.delta) });
      continue;
    }
    if (!ls.variables.includes(c.variable)) continue;
    const now = variables[c.variable];
    if (typeof now === 'number') out.story[c.variable] = now + c.delta;
  }
  return out;
}

function asWorldChange(b: Binding, actor: string, delta: number): WorldChange | null {
  switch (b.measure) {
    // the story is no declared source or sink of money: the validators refuse both
    case 'money':
      return delta > 0
        ? { type: 'money_source', to: actor, amount: delta, source: 'story' }
        : { type: 'money_sink', from: actor, amount: -delta, sink: 'story' };
    case 'energy':
      return { type: 'resource_gain', actor, resource: 'energy', amount: delta, reason: 'story' };
    case 'reputation':
      return { type: 'reputation_change', actor, delta, reason: 'story' };
    case 'tag':
      return b.prefix ? null : delta > 0 ? { type: 'tag_added', actor, tag: b.tag } : { type: 'tag_removed', actor, tag: b.tag };
    case 'relation':
      return { type: 'relationship_change', from: actor, to: b.with, delta };
    default:
      return null;
  }
}
