import type { Scenario } from '../model/scenario.ts';
import { jsonPath, type PackIssue } from './errors.ts';

/** Sinks the rule engine and the Judge spend into; a pack must declare them. */
export const REQUIRED_SINKS = ['food', 'travel', 'materials', 'goods'];

/**
 * What a schema cannot see: references between files (a place that does not exist, a relation
 * to nobody), duplicate ids, and a travel graph with islands.
 */
export function crossCheck(s: Omit<Scenario, 'hash' | 'dir'>): PackIssue[] {
  const issues: PackIssue[] = [];
  const at = (file: string, path: PropertyKey[], key: string, params?: Record<string, string>) =>
    issues.push({ file, path: jsonPath(path), reason: params ? { key: `pack.${key}`, params } : { key: `pack.${key}` } });
  const places = new Set(s.places.map((p) => p.id));
  const actors = new Set(s.actors.map((a) => a.id));
  const items = new Set(s.meta.items.map((i) => i.id));
  const templates = new Set(s.templates.map((t) => t.id));
  const sources = new Set(s.meta.rules.money.sources.map((x) => x.id));
  const sinks = new Set(s.meta.rules.money.sinks.map((x) => x.id));

  const dupes = (file: string, list: { id: string }[], key: string) => {
    const seen = new Set<string>();
    list.forEach((x, i) => {
      if (seen.has(x.id)) at(file, [key, i, 'id'], 'duplicate', { id: x.id });
      seen.add(x.id);
    });
  };
  dupes('places.json', s.places, 'places');
  dupes('actors.json', s.actors, 'actors');
  dupes('templates.json', s.templates, 'templates');
  dupes('scenario.json', s.meta.items, 'items');
  dupes('entities.json', s.entities, 'entities');

  const joins = s.meta.rules.players;
  if (joins.source !== undefined && !sources.has(joins.source)) at('scenario.json', ['rules', 'players', 'source'], 'unknown_source', { id: joins.source });
  if (joins.money > 0 && joins.source === undefined) at('scenario.json', ['rules', 'players', 'source'], 'purse_needs_source');
  for (const sink of REQUIRED_SINKS) if (!sinks.has(sink)) at('scenario.json', ['rules', 'money', 'sinks'], 'needs_sink', { id: sink });
  s.places.forEach((p, i) => {
    p.links.forEach((l, j) => {
      if (!places.has(l.to)) at('places.json', ['places', i, 'links', j, 'to'], 'unknown_place', { id: l.to });
      if (l.to === p.id) at('places.json', ['places', i, 'links', j, 'to'], 'self_link');
    });
    p.sells.forEach((id, j) => { if (!items.has(id)) at('places.json', ['places', i, 'sells', j], 'unknown_item', { id }); });
  });
  const reached = reach(s.places);
  s.places.forEach((p, i) => { if (!reached.has(p.id)) at('places.json', ['places', i], 'unreachable', { id: p.id, from: s.places[0].id }); });

  s.actors.forEach((a, i) => {
    if (!places.has(a.body.location)) at('actors.json', ['actors', i, 'body', 'location'], 'unknown_place', { id: a.body.location });
    for (const id of Object.keys(a.body.relations)) {
      if (!actors.has(id)) at('actors.json', ['actors', i, 'body', 'relations', id], 'unknown_actor', { id });
      if (id === a.id) at('actors.json', ['actors', i, 'body', 'relations', id], 'self_relation');
    }
    for (const id of Object.keys(a.body.inventory)) if (!items.has(id)) at('actors.json', ['actors', i, 'body', 'inventory', id], 'unknown_item', { id });
  });
  s.meta.jobs.forEach((j, i) => {
    const boss = s.actors.find((a) => a.id === j.employer);
    if (!boss) at('scenario.json', ['jobs', i, 'employer'], 'unknown_actor', { id: j.employer });
    else if (!boss.roles.includes('employer')) at('scenario.json', ['jobs', i, 'employer'], 'not_employer', { id: j.employer });
    if (!places.has(j.place)) at('scenario.json', ['jobs', i, 'place'], 'unknown_place', { id: j.place });
    if (!sources.has(j.source)) at('scenario.json', ['jobs', i, 'source'], 'unknown_source', { id: j.source });
  });
  s.templates.forEach((t, i) => t.effects.forEach((e, j) => {
    if (e.type === 'income' && !sources.has(e.source)) at('templates.json', ['templates', i, 'effects', j, 'source'], 'unknown_source', { id: e.source });
    if (e.type === 'income' && e.min > e.max) at('templates.json', ['templates', i, 'effects', j, 'min'], 'min_above_max');
  }));
  s.entities.forEach((e, i) => {
    if (!templates.has(e.template)) at('entities.json', ['entities', i, 'template'], 'unknown_template', { id: e.template });
    if (!places.has(e.location)) at('entities.json', ['entities', i, 'location'], 'unknown_place', { id: e.location });
    if (e.owner !== null && !actors.has(e.owner)) at('entities.json', ['entities', i, 'owner'], 'unknown_actor', { id: e.owner });
  });
  return issues;
}

function reach(places: Scenario['places']): Set<string> {
  const seen = new Set<string>();
  const stack = places.length ? [places[0].id] : [];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const l of places.find((p) => p.id === id)?.links ?? []) stack.push(l.to);
  }
  return seen;
}
