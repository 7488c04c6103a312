import type { Catalog } from '../../sim/scenario/catalog.ts';

/**
 * What a person must never read: a pack's ids (places, people, things, items, templates, jobs,
 * vocabulary words, money sources and sinks), the engine's event types, tags (`job:…`, `skill:…`),
 * snake_case ids, `{{placeholders}}`, and in Chinese text any Latin resource key or id.
 */
export const EVENT_TYPES = [
  'action',
  'addressed',
  'call_failed',
  'claimed',
  'entity_created',
  'entity_removed',
  'entity_updated',
  'fact_created',
  'fact_learned',
  'joined',
  'location_created',
  'money_created',
  'money_destroyed',
  'moved',
  'needs',
  'place_mood',
  'reflected',
  'relationship_changed',
  'reputation_changed',
  'resource_changed',
  'seat_freed',
  'status_changed',
  'tag_added',
  'tag_removed',
  'tick_summary',
  'transfer',
  'warned',
];
const ENGINE_WORDS = [
  'money',
  'energy',
  'time',
  'tick',
  'collapsed',
  'lastStudent',
  'students',
  'level',
  'alive',
  'dying',
  'unconscious',
  'dead',
  'restrained_permanent',
];

export function packIds(cat: Catalog): Set<string> {
  const ids = new Set<string>();
  const add = (xs: Iterable<string>) => {
    for (const x of xs) ids.add(x);
  };
  add(cat.places.keys());
  add(cat.souls.keys());
  add(cat.templates.keys());
  add(cat.items.keys());
  add(cat.sources);
  add(cat.sinks);
  add(cat.scenario.meta.jobs.map((j) => j.id));
  add(cat.scenario.entities.map((e) => e.id));
  for (const s of ['modes', 'channels', 'manners', 'purposes', 'kinds', 'roles'] as const) add(cat.words.ids(s));
  for (const t of cat.templates.values()) for (const e of t.effects) if (e.type === 'class') ids.add(e.skill);
  return ids;
}

/**
 * The offending tokens in `text`. In English a bare id that is also an English word ("walk",
 * "work") is fine; an id with an underscore, a tag or a placeholder is not. In Chinese any Latin
 * token that is an id, an event type or an engine word is raw.
 */
export function rawIds(text: string, lang: 'cn' | 'en', ids: Set<string>): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(/\{\{\s*\w+\s*\}\}/g)) out.add(m[0]);
  for (const m of text.matchAll(/\b(?:job|skill|item|source|removed):[\w:]+/g)) out.add(m[0]);
  for (const m of text.matchAll(/\b[a-z]+_[a-z_]+\b/g)) out.add(m[0]);
  for (const m of text.matchAll(/\b[a-z][A-Za-z]+[A-Z][a-z]+\b/g)) if (ENGINE_WORDS.includes(m[0])) out.add(m[0]);
  if (lang === 'cn') {
    for (const m of text.matchAll(/[A-Za-z][A-Za-z_:]*/g)) {
      const w = m[0];
      if (ids.has(w) || EVENT_TYPES.includes(w) || ENGINE_WORDS.includes(w)) out.add(w);
    }
  } else {
    for (const id of ids) if (id.includes('_') && text.includes(id)) out.add(id);
  }
  return [...out];
}
