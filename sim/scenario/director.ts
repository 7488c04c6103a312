import type { DirectorChange, DirectorFile } from '../model/director.ts';
import { refusedFromDirector } from '../model/director-limits.ts';
import { own } from '../model/ids.ts';
import { type At, contentCheck, type PackRefs, refCheck, wordsOf } from './refs.ts';

const FILE = 'director.json';

/** Which fields of a change name a place, a person or a thing of entities.json (the rest are free words: tags, reasons). */
const PLACE_FIELDS: Record<string, string[]> = { place_mood: ['place'], new_entity: ['location'], new_location: ['parent'] };
const ACTOR_FIELDS: Record<string, string[]> = {
  new_entity: ['owner'],
  reputation_change: ['actor'],
  relationship_change: ['from', 'to'],
  resource_transfer: ['from', 'to'],
  money_source: ['to'],
  money_sink: ['from'],
  resource_gain: ['actor'],
  tag_added: ['actor'],
  tag_removed: ['actor'],
  status_change: ['actor'],
  knowledge_learned: ['actor', 'from'],
  hp_delta: ['target'],
  new_fact: ['about'],
};
/** The field a refused change is pointed at: what makes it refused, or its type. */
const REFUSED_FIELD: Record<string, string> = {
  tag_added: 'tag',
  tag_removed: 'tag',
  status_change: 'to',
  hp_delta: 'delta',
  resource_gain: 'resource',
};
const ENTITY_FIELDS: Record<string, string[]> = { entity_update: ['entity'], entity_removal: ['entity'] };

/**
 * What director.json's schema cannot see: ids used twice, a milestone reading a measure nobody
 * declared, a template happening at a place that does not exist, a placeholder where it cannot
 * stand (`$present` as a place), a person, thing, entity template, item, money source or sink or
 * channel the pack lacks, a fact's words that are no content key with its parameters.
 */
export function directorChecks(f: DirectorFile, refs: PackRefs, at: At): void {
  const dupes = (list: { id: string }[], key: string) => {
    const seen = new Set<string>();
    list.forEach((x, i) => {
      if (seen.has(x.id)) at(FILE, [key, i, 'id'], 'duplicate', { id: x.id });
      seen.add(x.id);
    });
  };
  dupes(f.measures, 'measures');
  dupes(f.templates, 'templates');
  dupes(f.milestones, 'milestones');
  const measures = new Set(f.measures.map((m) => m.id));
  if (f.acceleration.low !== undefined && f.acceleration.low >= f.band.high) at(FILE, ['acceleration', 'low'], 'director_low_above_band');
  f.milestones.forEach((m, i) => {
    if (m.measure) refCheck(at, FILE, ['milestones', i, 'measure', 'id'], 'director_unknown_measure', m.measure.id, measures);
    if (m.ticks && m.ticks.from >= m.ticks.to) at(FILE, ['milestones', i, 'ticks', 'to'], 'min_above_max');
  });
  f.templates.forEach((t, i) => {
    (t.where.places ?? []).forEach((p, j) => refCheck(at, FILE, ['templates', i, 'where', 'places', j], 'unknown_place', p, refs.places));
    if (t.where.sells !== undefined) refCheck(at, FILE, ['templates', i, 'where', 'sells'], 'unknown_item', t.where.sells, refs.items);
    t.changes.forEach((c, j) => changeChecks(c, ['templates', i, 'changes', j], refs, at));
  });
}

function changeChecks(c: DirectorChange, path: PropertyKey[], refs: PackRefs, at: At): void {
  // what the Judge refuses from a director in every world: the template would be refused at every run
  const refused = refs.vocabulary ? refusedFromDirector(refs.vocabulary.harm, c) : null;
  if (refused !== null)
    at(FILE, [...path, REFUSED_FIELD[c.type] ?? 'type'], 'director_refused', {
      change: c.type,
      code: refused.code,
      status: refused.params.status ?? '',
    });
  const rec = c as unknown as Record<string, unknown>;
  const ref = (field: string, key: string, id: string, known: Set<string> | null) => refCheck(at, FILE, [...path, field], key, id, known);
  if (c.type === 'news') {
    ref('channel', 'unknown_channel', c.channel, wordsOf(refs, 'channels'));
    return;
  }
  if (c.type === 'arrive') {
    ref('like', 'unknown_actor', c.like, refs.actors);
    return;
  }
  const fields: [Record<string, string[]>, string, Set<string> | null, readonly string[]][] = [
    [PLACE_FIELDS, 'unknown_place', refs.places, ['$place']],
    [ACTOR_FIELDS, 'unknown_actor', refs.actors, ['$present', '$one']],
    [ENTITY_FIELDS, 'unknown_entity', refs.entities, []],
  ];
  for (const [table, key, known, placeholders] of fields)
    for (const field of own(table, c.type) ?? []) {
      const id = rec[field];
      if (typeof id !== 'string' || placeholders.includes(id)) continue;
      if (id.startsWith('$')) at(FILE, [...path, field], 'director_placeholder', { id });
      else ref(field, key, id, known);
    }
  switch (c.type) {
    case 'new_entity':
      ref('template', 'unknown_template', c.template, refs.templates);
      return;
    case 'resource_transfer':
    case 'resource_gain':
      if (c.resource.startsWith('item:')) ref('resource', 'unknown_item', c.resource.slice(5), refs.items);
      return;
    case 'money_source':
      ref('source', 'unknown_source', c.source, refs.sources);
      return;
    case 'money_sink':
      ref('sink', 'unknown_sink', c.sink, refs.sinks);
      return;
    case 'knowledge_learned':
      ref('channel', 'unknown_channel', c.channel, wordsOf(refs, 'channels'));
      return;
    case 'new_fact':
      contentCheck(c.content, FILE, [...path, 'content'], refs, at);
      return;
  }
}
