import type { DirectorChange, DirectorFile } from '../model/director.ts';
import { own } from '../model/ids.ts';
import type { Scenario } from '../model/scenario.ts';

type At = (file: string, path: PropertyKey[], key: string, params?: Record<string, string>) => void;

/** The parts of the pack the director's file points into (null: that file did not parse, nothing is said of it). */
export interface DirectorRefs {
  places: Set<string> | null;
  actors: Set<string> | null;
  templates: Set<string> | null;
  items: Set<string> | null;
  vocabulary: Scenario['vocabulary'] | null;
}

const FILE = 'director.json';

/** Which fields of a change name a place, and which name a person (the rest are free words: tags, reasons). */
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

/**
 * What director.json's schema cannot see: ids used twice, a milestone reading a measure nobody
 * declared, a template happening at a place that does not exist, a placeholder where it cannot
 * stand (`$present` as a place), a person, entity template, item or channel the pack lacks.
 */
export function directorChecks(f: DirectorFile, refs: DirectorRefs, at: At): void {
  const known = (set: Set<string> | null, id: string) => set === null || set.has(id);
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
    if (m.measure && !measures.has(m.measure.id))
      at(FILE, ['milestones', i, 'measure', 'id'], 'director_unknown_measure', { id: m.measure.id });
    if (m.ticks && m.ticks.from >= m.ticks.to) at(FILE, ['milestones', i, 'ticks', 'to'], 'min_above_max');
  });
  f.templates.forEach((t, i) => {
    (t.where.places ?? []).forEach((p, j) => {
      if (!known(refs.places, p)) at(FILE, ['templates', i, 'where', 'places', j], 'unknown_place', { id: p });
    });
    if (t.where.sells !== undefined && !known(refs.items, t.where.sells))
      at(FILE, ['templates', i, 'where', 'sells'], 'unknown_item', { id: t.where.sells });
    t.changes.forEach((c, j) => changeChecks(c, ['templates', i, 'changes', j], refs, at));
  });
}

function changeChecks(c: DirectorChange, path: PropertyKey[], refs: DirectorRefs, at: At): void {
  const known = (set: Set<string> | null, id: string) => set === null || set.has(id);
  const rec = c as unknown as Record<string, unknown>;
  if (c.type === 'news') {
    if (refs.vocabulary && !own(refs.vocabulary.channels, c.channel))
      at(FILE, [...path, 'channel'], 'director_unknown_channel', { id: c.channel });
    return;
  }
  if (c.type === 'arrive') {
    if (!known(refs.actors, c.like)) at(FILE, [...path, 'like'], 'unknown_actor', { id: c.like });
    return;
  }
  for (const field of own(PLACE_FIELDS, c.type) ?? []) {
    const id = rec[field];
    if (typeof id !== 'string' || id === '$place') continue;
    if (id.startsWith('$')) at(FILE, [...path, field], 'director_placeholder', { id });
    else if (!known(refs.places, id)) at(FILE, [...path, field], 'unknown_place', { id });
  }
  for (const field of own(ACTOR_FIELDS, c.type) ?? []) {
    const id = rec[field];
    if (typeof id !== 'string' || id === '$present' || id === '$one') continue;
    if (id.startsWith('$')) at(FILE, [...path, field], 'director_placeholder', { id });
    else if (!known(refs.actors, id)) at(FILE, [...path, field], 'unknown_actor', { id });
  }
  if (c.type === 'new_entity' && !known(refs.templates, c.template))
    at(FILE, [...path, 'template'], 'unknown_template', { id: c.template });
}
