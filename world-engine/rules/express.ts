import type { CallOf } from '../../sim/model/tools.ts';
import { msg, ref } from '../../sim/model/text.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { Slice } from '../types.ts';
import { Outcome } from './build.ts';
import { seated } from '../../sim/state/seats.ts';

/** The fact a message carries, if it names one the speaker knows. */
function carried(s: Slice, c: CallOf<'express'>): string | null {
  const p = 'key' in c.args.content ? c.args.content.params?.fact : undefined;
  return typeof p === 'object' && p.ref === 'fact' && s.known.some((f) => f.id === p.id) ? p.id : null;
}

export function express(cat: Catalog, s: Slice, c: CallOf<'express'>) {
  const a = ref('actor', s.actor.id);
  const reach = cat.words.channel(c.args.channel)?.reach ?? 'self';
  const to = reach === 'one' ? c.args.to : undefined;
  const out = new Outcome(
    to === undefined
      ? msg('narrative.express', { actor: a, verb: ref('verb', c.args.channel) })
      : msg('narrative.express_one', { actor: a, verb: ref('verb', c.args.channel), target: ref('actor', to) }),
  );
  if (reach === 'self')
    return out.change({ type: 'resource_gain', actor: s.actor.id, resource: 'energy', amount: 1, reason: 'calm' }).done();
  if (s.listeners.length === 0) return out.side(msg('side.ignored', { actor: a })).done();
  const fact = carried(s, c);
  for (const l of s.listeners) {
    if (fact && !l.knows.includes(fact) && l.id !== s.known.find((f) => f.id === fact)?.about) {
      out.change({ type: 'knowledge_learned', actor: l.id, fact, from: s.actor.id, channel: c.args.channel });
    }
  }
  // the one who likes it is a bot: a player's hands move only by their own call
  const first = reach === 'friends' || reach === 'one' ? s.listeners.find((l) => !seated(l)) : undefined;
  if (first) {
    out
      .change({ type: 'relationship_change', from: first.id, to: s.actor.id, delta: 1 })
      .side(msg('side.liked', { actor: ref('actor', first.id), channel: ref('channel', c.args.channel) }));
  } else {
    out.side(msg('side.heard', { actor: a, count: s.listeners.length }));
  }
  return out.done();
}
