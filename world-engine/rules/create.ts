import type { CallOf } from '../../sim/model/tools.ts';
import type { Template } from '../../sim/model/scenario.ts';
import { msg, ref } from '../../sim/model/text.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { Slice } from '../types.ts';
import { Outcome } from './build.ts';

type Call = CallOf<'create'>;
const A = (s: Slice) => ref('actor', s.actor.id);

/** A rumour is not a thing: making one starts a fact, heard first by whoever stands close. */
function rumour(cat: Catalog, s: Slice, c: Call, t: Template, out: Outcome): void {
  const r = cat.effect(t.id, 'rumour')!;
  const about = c.args.about ?? null;
  out.change({
    type: 'new_fact',
    content: msg(
      'fact.rumour',
      about ? { template: ref('template', t.id), about: ref('actor', about) } : { template: ref('template', t.id) },
    ),
    about,
    truth: r.truth,
  });
  for (const l of s.listeners.slice(0, 2)) {
    if (l.id !== about) out.change({ type: 'knowledge_learned', actor: l.id, fact: '$new:0', from: s.actor.id, channel: 'word_of_mouth' });
  }
  if (about) out.change({ type: 'reputation_change', actor: about, delta: r.truth ? -1 : -2, reason: 'rumour' });
}

/** A made thing starts with what its effects keep count of: a level to invest in, a class's last student. */
function thing(cat: Catalog, s: Slice, t: Template, out: Outcome): void {
  const properties: Record<string, number> = {};
  if (cat.effect(t.id, 'income') || cat.effect(t.id, 'food')) properties.level = 1;
  if (cat.effect(t.id, 'class')) Object.assign(properties, { lastStudent: s.tick, students: 0 });
  out.change({ type: 'new_entity', template: t.id, location: s.place.id, owner: s.actor.id, properties });
  const rival = s.entitiesHere.find((e) => e.template === t.id && e.owner && e.owner !== s.actor.id);
  if (rival) out.side(msg('side.rival', { actor: ref('actor', rival.owner!), entity: ref('template', t.id) }));
  // a mood effect starts now; it is undone when the thing fades
  const mood = cat.effect(t.id, 'mood');
  if (mood) out.change({ type: 'place_mood', place: s.place.id, delta: mood.delta });
}

/** What making a thing does: its effects say what it is, its kind (in the pack) what the maker earns and what is said. */
export function create(cat: Catalog, s: Slice, c: Call) {
  const t = cat.templates.get(c.args.what);
  if (!t) return new Outcome(msg('narrative.fumble', { actor: A(s) })).done();
  const out = new Outcome(msg('narrative.create', { actor: A(s), template: ref('template', t.id), place: ref('place', s.place.id) }))
    .cost('money', Math.max(t.cost.money, c.args.using.money ?? 0))
    .cost('energy', Math.max(t.cost.energy, c.args.using.energy ?? 0));
  if (cat.effect(t.id, 'rumour')) rumour(cat, s, c, t, out);
  else thing(cat, s, t, out);
  const kind = cat.words.kind(t.kind);
  if (kind && kind.reputation > 0) out.change({ type: 'reputation_change', actor: s.actor.id, delta: kind.reputation, reason: 'made' });
  out.side(msg('side.made', { kind: ref('kind', t.kind), place: ref('place', s.place.id), actor: A(s) }));
  return out.done();
}
