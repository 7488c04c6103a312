import type { CallOf } from '../../sim/model/tools.ts';
import type { Template } from '../../sim/model/scenario.ts';
import { msg, ref } from '../../sim/model/text.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { Slice } from '../types.ts';
import { Outcome } from './build.ts';

type Call = CallOf<'create'>;
const A = (s: Slice) => ref('actor', s.actor.id);

/** What a new thing of each kind does to the world the moment it appears. */
const KINDS: Record<Template['kind'], (cat: Catalog, s: Slice, c: Call, t: Template, out: Outcome) => void> = {
  stall(_cat, s, _c, t, out) {
    out.change({ type: 'new_entity', template: t.id, location: s.place.id, owner: s.actor.id, properties: { level: 1 } },
      { type: 'reputation_change', actor: s.actor.id, delta: 1, reason: 'enterprise' })
      .side(msg('side.new_stall', { place: ref('place', s.place.id) }));
    const rival = s.entitiesHere.find((e) => e.template === t.id && e.owner && e.owner !== s.actor.id);
    if (rival) out.side(msg('side.rival', { actor: ref('actor', rival.owner!), entity: ref('template', t.id) }));
  },
  mural(_cat, s, _c, t, out) {
    out.change({ type: 'new_entity', template: t.id, location: s.place.id, owner: s.actor.id, properties: {} },
      { type: 'reputation_change', actor: s.actor.id, delta: 2, reason: 'art' });
    out.side(msg('side.mural', { place: ref('place', s.place.id) }));
  },
  class(_cat, s, _c, t, out) {
    out.change({ type: 'new_entity', template: t.id, location: s.place.id, owner: s.actor.id, properties: { lastStudent: s.tick, students: 0 } })
      .side(msg('side.class', { actor: A(s) }));
  },
  rumour(cat, s, c, t, out) {
    const r = cat.effect(t.id, 'rumour');
    if (!r) return;
    const about = c.args.about ?? null;
    out.change({ type: 'new_fact', content: msg('fact.rumour', about ? { template: ref('template', t.id), about: ref('actor', about) } : { template: ref('template', t.id) }), about, truth: r.truth });
    // whoever stands close hears it first
    for (const l of s.listeners.slice(0, 2)) {
      if (l.id !== about) out.change({ type: 'knowledge_learned', actor: l.id, fact: '$new:0', from: s.actor.id, channel: 'word_of_mouth' });
    }
    if (about) out.change({ type: 'reputation_change', actor: about, delta: r.truth ? -1 : -2, reason: 'rumour' });
    out.side(msg('side.whispers', { place: ref('place', s.place.id) }));
  },
  facility(_cat, s, _c, t, out) {
    out.change({ type: 'new_entity', template: t.id, location: s.place.id, owner: s.actor.id, properties: {} });
  },
};

export function create(cat: Catalog, s: Slice, c: Call) {
  const t = cat.templates.get(c.args.what);
  if (!t) return new Outcome(msg('narrative.fumble', { actor: A(s) })).done();
  const out = new Outcome(msg('narrative.create', { actor: A(s), template: ref('template', t.id), place: ref('place', s.place.id) }))
    .cost('money', Math.max(t.cost.money, c.args.using.money ?? 0))
    .cost('energy', Math.max(t.cost.energy, c.args.using.energy ?? 0));
  KINDS[t.kind](cat, s, c, t, out);
  // whatever kind of thing it is, a mood effect starts now; it is undone when the thing fades
  const mood = cat.effect(t.id, 'mood');
  if (mood) out.change({ type: 'place_mood', place: s.place.id, delta: mood.delta });
  return out.done();
}
