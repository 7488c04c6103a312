import type { Scenario } from '../model/scenario.ts';
import { jsonPath, type PackIssue } from './errors.ts';
import { own } from '../model/ids.ts';
import { questChecks } from './quests.ts';
import type { DirectorFile } from '../model/director.ts';
import { directorChecks } from './director.ts';
import { sayChecks } from './say.ts';
import { fundChecks } from './funds.ts';
import { knowsSkill } from '../model/skills.ts';
import { needChecks } from './needs.ts';
import { type At, packRefs, type PackRefs, refCheck, wordsOf } from './refs.ts';

/** The parts of a pack that parsed; a file that did not is null, and nothing is checked against it. */
export interface ParsedPack {
  meta: Scenario['meta'] | null;
  vocabulary: Scenario['vocabulary'] | null;
  places: Scenario['places'] | null;
  actors: Scenario['actors'] | null;
  templates: Scenario['templates'] | null;
  entities: Scenario['entities'];
  /** `quests.json`, when the pack has one and it parsed (./quests.ts) */
  quests?: Scenario['quests'];
  /** director.json, when the pack has one (./director.ts) */
  director?: DirectorFile | null;
}

/**
 * What a schema cannot see: references between files (a place that does not exist, a relation
 * to nobody), duplicate ids, a travel graph with islands or dead ends, a class nobody can teach (./grants.ts, with the story).
 * It runs on whatever parsed: a reference into a file that did not parse is not judged (that
 * file's own problems are already reported), every other check still runs.
 */
export function crossCheck(s: ParsedPack, refs: PackRefs = packRefs(s)): PackIssue[] {
  const issues: PackIssue[] = [];
  const at = (file: string, path: PropertyKey[], key: string, params?: Record<string, string>) =>
    issues.push({ file, path: jsonPath(path), reason: params ? { key: `pack.${key}`, params } : { key: `pack.${key}` } });
  // an unknown id is reported with the ids its file declares; a file that did not parse says nothing (its set is null)
  const ref = (file: string, path: PropertyKey[], key: string, id: string, set: Set<string> | null) =>
    refCheck(at, file, path, key, id, set);
  const { places, actors, templates, items, sources, sinks } = refs;
  const v = s.vocabulary;
  const roles = wordsOf(refs, 'roles');
  const kinds = wordsOf(refs, 'kinds');
  const modes = wordsOf(refs, 'modes');
  const hires = (rs: string[]) => !v || rs.some((r) => own(v.roles, r)?.permits.includes('hire'));

  const dupes = (file: string, list: { id: string }[] | null | undefined, key: string) => {
    const seen = new Set<string>();
    (list ?? []).forEach((x, i) => {
      if (seen.has(x.id)) at(file, [key, i, 'id'], 'duplicate', { id: x.id });
      seen.add(x.id);
    });
  };
  dupes('places.json', s.places, 'places');
  dupes('actors.json', s.actors, 'actors');
  dupes('templates.json', s.templates, 'templates');
  dupes('scenario.json', s.meta?.items, 'items');
  dupes('entities.json', s.entities, 'entities');

  if (s.meta) {
    needChecks(s.meta, v, at);
    const joins = s.meta.rules.players;
    if (joins.source !== undefined) ref('scenario.json', ['rules', 'players', 'source'], 'unknown_source', joins.source, sources);
    if (joins.money > 0 && joins.source === undefined) at('scenario.json', ['rules', 'players', 'source'], 'purse_needs_source');
    (s.meta.rules.newPlaces.roles ?? []).forEach((r, i) => {
      ref('scenario.json', ['rules', 'newPlaces', 'roles', i], 'unknown_role', r, roles);
    });
    s.meta.jobs.forEach((j, i) => {
      const boss = s.actors?.find((a) => a.id === j.employer);
      if (ref('scenario.json', ['jobs', i, 'employer'], 'unknown_actor', j.employer, actors) && boss && !hires(boss.roles))
        at('scenario.json', ['jobs', i, 'employer'], 'not_employer', { id: j.employer });
      ref('scenario.json', ['jobs', i, 'place'], 'unknown_place', j.place, places);
      if (j.source !== undefined) ref('scenario.json', ['jobs', i, 'source'], 'unknown_source', j.source, sources);
      // a sliding wage is paid out of what the employer holds: a source pays the same whoever holds what
      if (j.sliding && j.source !== undefined) at('scenario.json', ['jobs', i, 'sliding'], 'sliding_with_source');
      if (j.sliding && j.sliding.min > j.wage)
        at('scenario.json', ['jobs', i, 'sliding', 'min'], 'sliding_min_above_wage', { wage: String(j.wage) });
      if (j.requires?.role !== undefined) ref('scenario.json', ['jobs', i, 'requires', 'role'], 'unknown_role', j.requires.role, roles);
      // a skill nobody holds at the start and no class teaches: nobody could ever be taken on
      const skill = j.requires?.skill;
      if (
        skill !== undefined &&
        s.actors &&
        s.templates &&
        !s.actors.some((a) => knowsSkill({ tags: a.body.tags, inventory: a.body.inventory }, skill)) &&
        !s.templates.some((t) => t.effects.some((e) => e.type === 'class' && e.skill === skill))
      )
        at('scenario.json', ['jobs', i, 'requires', 'skill'], 'job_skill_unheld', { skill });
    });
  }
  if (s.places) {
    s.places.forEach((p, i) => {
      p.links.forEach((l, j) => {
        ref('places.json', ['places', i, 'links', j, 'to'], 'unknown_place', l.to, places);
        if (l.to === p.id) at('places.json', ['places', i, 'links', j, 'to'], 'self_link');
        (l.modes ?? []).forEach((m, k) => ref('places.json', ['places', i, 'links', j, 'modes', k], 'unknown_mode', m, modes));
      });
      p.sells.forEach((id, j) => {
        ref('places.json', ['places', i, 'sells', j], 'unknown_item', id, items);
      });
    });
    travelGraph(s.places, at);
  }
  if (v) {
    const sink = (path: PropertyKey[], id: string | undefined) => {
      if (id !== undefined) ref('vocabulary.json', path, 'unknown_sink', id, sinks);
    };
    sink(['spending'], v.spending);
    for (const [id, m] of Object.entries(v.modes)) sink(['modes', id, 'sink'], m.sink);
    for (const [id, k] of Object.entries(v.kinds)) sink(['kinds', id, 'sink'], k.sink);
    for (const [id, p] of Object.entries(v.purposes)) {
      sink(['purposes', id, 'sink'], p.sink);
      if (p.source !== undefined) ref('vocabulary.json', ['purposes', id, 'source'], 'unknown_source', p.source, sources);
      p.items.forEach((item, j) => {
        ref('vocabulary.json', ['purposes', id, 'items', j], 'unknown_item', item, items);
      });
    }
    for (const [id, m] of Object.entries(v.manners))
      if (m.does === 'steal' && m.max === undefined) at('vocabulary.json', ['manners', id], 'steal_needs_max');
    // what a tag or a trait helps or hinders is a manner or a purpose of this pack
    const checkWords = new Set([...Object.keys(v.manners), ...Object.keys(v.purposes)]);
    const checked = (file: string, path: PropertyKey[], id: string) => ref(file, path, 'not_a_check_word', id, checkWords);
    for (const [tag, t] of Object.entries(v.checks.tags)) {
      if (!Object.hasOwn(v.tags, tag)) at('vocabulary.json', ['checks', 'tags', tag], 'unnamed_tag', { id: tag });
      t.helps.forEach((w, j) => checked('vocabulary.json', ['checks', 'tags', tag, 'helps', j], w));
      t.hinders.forEach((w, j) => checked('vocabulary.json', ['checks', 'tags', tag, 'hinders', j], w));
    }
    harmChecks(v, at);
    s.actors?.forEach((a, i) =>
      a.soul.traits.forEach((t, k) => {
        t.helps.forEach((w, j) => checked('actors.json', ['actors', i, 'soul', 'traits', k, 'helps', j], w));
        t.hinders.forEach((w, j) => checked('actors.json', ['actors', i, 'soul', 'traits', k, 'hinders', j], w));
      }),
    );
  }
  s.actors?.forEach((a, i) => {
    a.roles.forEach((r, j) => {
      ref('actors.json', ['actors', i, 'roles', j], 'unknown_role', r, roles);
    });
    ref('actors.json', ['actors', i, 'body', 'location'], 'unknown_place', a.body.location, places);
    for (const id of Object.keys(a.body.relations)) {
      ref('actors.json', ['actors', i, 'body', 'relations', id], 'unknown_actor', id, actors);
      if (id === a.id) at('actors.json', ['actors', i, 'body', 'relations', id], 'self_relation');
    }
    for (const id of Object.keys(a.body.inventory)) ref('actors.json', ['actors', i, 'body', 'inventory', id], 'unknown_item', id, items);
  });
  fundChecks(s, refs, at);
  if (s.director) directorChecks(s.director, refs, at);
  sayChecks(s, at);
  s.templates?.forEach((t, i) => {
    ref('templates.json', ['templates', i, 'kind'], 'unknown_kind', t.kind, kinds);
    t.effects.forEach((e, j) => {
      const here = ['templates', i, 'effects', j];
      if (e.type === 'income' && e.source !== undefined) ref('templates.json', [...here, 'source'], 'unknown_source', e.source, sources);
      if (e.type === 'income' && e.min > e.max) at('templates.json', [...here, 'min'], 'min_above_max');
      if (e.type === 'upkeep') ref('templates.json', [...here, 'sink'], 'unknown_sink', e.sink, sinks);
      if (e.type === 'toll') ref('templates.json', [...here, 'to'], 'unknown_place', e.to, places);
      if (e.type === 'toll') (e.modes ?? []).forEach((m, k) => ref('templates.json', [...here, 'modes', k], 'unknown_mode', m, modes));
      if (e.type === 'requires' && e.item !== undefined) ref('templates.json', [...here, 'item'], 'unknown_item', e.item, items);
      if (e.type === 'requires' && e.role !== undefined) ref('templates.json', [...here, 'role'], 'unknown_role', e.role, roles);
    });
  });
  s.entities.forEach((e, i) => {
    ref('entities.json', ['entities', i, 'template'], 'unknown_template', e.template, templates);
    ref('entities.json', ['entities', i, 'location'], 'unknown_place', e.location, places);
    if (e.owner !== null) ref('entities.json', ['entities', i, 'owner'], 'unknown_actor', e.owner, actors);
    // a toll stands on a link: its place must lead to the far end
    for (const eff of s.templates?.find((t) => t.id === e.template)?.effects ?? []) {
      const from = s.places?.find((p) => p.id === e.location);
      if (eff.type === 'toll' && from && !from.links.some((l) => l.to === eff.to))
        at('entities.json', ['entities', i, 'location'], 'no_link', { id: e.location, to: eff.to });
    }
  });
  if (s.quests) questChecks(s, s.quests, refs, at);
  return issues;
}

/**
 * The harm section: every harm tag and the mark of the caught named under `tags` (a person reads
 * them), a harm's worse one a harm too, harm dealt only by a check (and a full success's harm only
 * by a manner, which has a target), the lines in order, and restraint only where someone can steal.
 */
function harmChecks(v: Scenario['vocabulary'], at: At): void {
  const h = v.harm;
  const file = 'vocabulary.json';
  const harms = new Set(Object.keys(h.tags));
  const checkWords = new Set([...Object.keys(v.manners), ...Object.keys(v.purposes)]);
  const named = (path: PropertyKey[], id: string) => {
    if (!Object.hasOwn(v.tags, id)) at(file, path, 'unnamed_harm', { id });
  };
  const harmTag = (path: PropertyKey[], id: string | undefined) => {
    if (id !== undefined) refCheck(at, file, path, 'unknown_harm_tag', id, harms);
  };
  for (const [id, t] of Object.entries(h.tags)) {
    named(['harm', 'tags', id], id);
    harmTag(['harm', 'tags', id, 'worse'], t.worse);
  }
  for (const [word, rule] of Object.entries(h.from)) {
    const m = own(v.manners, word);
    const p = own(v.purposes, word);
    if (!m && !p) refCheck(at, file, ['harm', 'from', word], 'not_a_check_word', word, checkWords);
    else if (!(m ? (m.risky ?? m.does === 'steal') : p!.risky)) at(file, ['harm', 'from', word], 'harm_not_a_check', { id: word });
    harmTag(['harm', 'from', word, 'fail'], rule.fail);
    harmTag(['harm', 'from', word, 'full'], rule.full);
    if (rule.full !== undefined && !m && p) at(file, ['harm', 'from', word, 'full'], 'harm_needs_target', { id: word });
  }
  if (h.unconsciousAt !== undefined && h.dyingAt !== undefined && h.unconsciousAt >= h.dyingAt) {
    at(file, ['harm', 'unconsciousAt'], 'harm_lines', { out: String(h.unconsciousAt), dying: String(h.dyingAt) });
  }
  if (h.restrain?.tag !== undefined) named(['harm', 'restrain', 'tag'], h.restrain.tag);
  if (h.restrain?.after !== undefined && !Object.values(v.manners).some((m) => m.does === 'steal'))
    at(file, ['harm', 'restrain', 'after'], 'restrain_needs_thief');
}

/**
 * Every place reachable from every other: reached from the first place, and able to get back to it.
 * A one-way link into a dead end traps whoever walks in.
 */
function travelGraph(places: Scenario['places'], at: At): void {
  if (!places.length) return;
  const start = places[0].id;
  const forward = new Map(places.map((p) => [p.id, p.links.map((l) => l.to)]));
  const back = new Map<string, string[]>(places.map((p) => [p.id, []]));
  for (const p of places) for (const l of p.links) back.get(l.to)?.push(p.id);
  const there = reach(forward, start);
  const home = reach(back, start);
  places.forEach((p, i) => {
    if (!there.has(p.id)) at('places.json', ['places', i], 'unreachable', { id: p.id, from: start });
    else if (!home.has(p.id)) at('places.json', ['places', i, 'links'], 'dead_end', { id: p.id, to: start });
  });
}

function reach(edges: Map<string, string[]>, from: string): Set<string> {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const to of edges.get(id) ?? []) stack.push(to);
  }
  return seen;
}
