import type { ActorDef, Effect, Place, Scenario, Template } from '../model/scenario.ts';
import type { WorldState } from '../state/types.ts';
import type { z } from 'zod';
import type { Item, Job, Need } from '../model/scenario.ts';
import { Words } from './words.ts';
import type { Fund } from '../model/funds.ts';
import { between } from '../model/clock.ts';
import { membersOf } from '../state/members.ts';

/** Read-only lookups over a scenario, built once per run. */
export interface Catalog {
  scenario: Scenario;
  /** the pack's vocabulary: what each manner, purpose, mode, channel, role and kind means */
  words: Words;
  places: Map<string, Place>;
  templates: Map<string, Template>;
  items: Map<string, z.infer<typeof Item>>;
  /** the needs a pack declares beyond energy (`rules.needs.more`), in its order */
  needs: Map<string, Need>;
  souls: Map<string, ActorDef>;
  jobsByEmployer: Map<string, z.infer<typeof Job>>;
  sources: Set<string>;
  /** the most each bounded money source may create in a day */
  budgets: Map<string, number>;
  sinks: Set<string>;
  /** the pack's funds (sim/model/funds.ts), by id */
  funds: Map<string, Fund>;
  /** shortest distances between scenario places, over every link */
  dist: Map<string, Map<string, number>>;
  /** the same for each mode some link is closed to: over the links that mode may take */
  distBy: Map<string, Map<string, Map<string, number>>>;
  /** the pack's price level: what a meal costs (the median price of food), the unit a brain's money sense is counted in */
  levels: { meal: number };
  /** money sources that belong to created things (their income), not to people */
  incomeSources: Set<string>;
  /** templates that take a toll: a trip looks at their things only when there are any */
  tollTemplates: Set<string>;
  /** a template's effect of one type, looked up without scanning */
  effect<T extends Effect['type']>(template: string, type: T): Extract<Effect, { type: T }> | undefined;
}

export function buildCatalog(scenario: Scenario): Catalog {
  const places = new Map(scenario.places.map((p) => [p.id, p]));
  // effect type -> template -> its first effect of that type: a hot-path lookup that builds no key strings
  const effects = new Map<Effect['type'], Map<string, Effect>>();
  for (const t of scenario.templates) {
    for (const e of t.effects) {
      let byTemplate = effects.get(e.type);
      if (!byTemplate) effects.set(e.type, (byTemplate = new Map()));
      if (!byTemplate.has(t.id)) byTemplate.set(t.id, e);
    }
  }
  return {
    levels: { meal: mealPrice(scenario) },
    incomeSources: new Set(
      scenario.templates.flatMap((t) => t.effects.flatMap((e) => (e.type === 'income' && e.source !== undefined ? [e.source] : []))),
    ),
    tollTemplates: new Set(scenario.templates.filter((t) => t.effects.some((e) => e.type === 'toll')).map((t) => t.id)),
    effect: <T extends Effect['type']>(template: string, type: T) =>
      effects.get(type)?.get(template) as Extract<Effect, { type: T }> | undefined,
    scenario,
    words: new Words(scenario.vocabulary),
    places,
    templates: new Map(scenario.templates.map((t) => [t.id, t])),
    items: new Map(scenario.meta.items.map((i) => [i.id, i])),
    needs: new Map((scenario.meta.rules.needs.more ?? []).map((n) => [n.id, n])),
    souls: new Map(scenario.actors.map((a) => [a.id, a])),
    jobsByEmployer: new Map(scenario.meta.jobs.map((j) => [j.employer, j])),
    sources: new Set(scenario.meta.rules.money.sources.map((s) => s.id)),
    budgets: new Map(scenario.meta.rules.money.sources.flatMap((s) => (s.perDay === undefined ? [] : [[s.id, s.perDay] as const]))),
    sinks: new Set(scenario.meta.rules.money.sinks.map((s) => s.id)),
    funds: new Map(scenario.meta.rules.money.funds.map((f) => [f.id, f])),
    dist: allPairs(scenario.places),
    distBy: new Map(limitedModes(scenario).map((m) => [m, allPairs(scenario.places, m)])),
  };
}

/** The modes some link does not take: only they need distances of their own. */
function limitedModes(scenario: Scenario): string[] {
  if (!scenario.places.some((p) => p.links.some((l) => l.modes))) return [];
  return Object.keys(scenario.vocabulary.modes).filter((m) =>
    scenario.places.some((p) => p.links.some((l) => l.modes && !l.modes.includes(m))),
  );
}

/** Whether a mode may take a link (a link without `modes` takes any). */
const takes = (link: { modes?: string[] }, mode: string | undefined) => mode === undefined || !link.modes || link.modes.includes(mode);

function allPairs(places: Place[], mode?: string): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const start of places) {
    const d = new Map<string, number>([[start.id, 0]]);
    const queue = [start.id];
    // Dijkstra on a handful of places: a sorted queue is plenty
    while (queue.length) {
      queue.sort((a, b) => d.get(a)! - d.get(b)!);
      const at = queue.shift()!;
      for (const link of places.find((p) => p.id === at)!.links) {
        if (!takes(link, mode)) continue;
        const nd = d.get(at)! + link.distance;
        if (nd < (d.get(link.to) ?? Infinity)) {
          d.set(link.to, nd);
          queue.push(link.to);
        }
      }
    }
    out.set(start.id, d);
  }
  return out;
}

/** Distance between two places, generated sub-areas included (they hang off a parent place); by `mode`, over the links it may take. */
export function distance(cat: Catalog, state: WorldState, from: string, to: string, mode?: string): number | null {
  const lift = (id: string): [string, number] | null => {
    if (cat.places.has(id)) return [id, 0];
    const g = state.generatedPlaces.find((p) => p.id === id);
    if (!g) return null;
    const up = lift(g.parent);
    return up && [up[0], up[1] + g.distance];
  };
  if (from === to) return 0;
  const a = lift(from);
  const b = lift(to);
  if (!a || !b) return null;
  if (a[0] === b[0]) return Math.abs(a[1] - b[1]) || 1;
  const mid = ((mode !== undefined && cat.distBy.get(mode)) || cat.dist).get(a[0])?.get(b[0]);
  return mid === undefined ? null : a[1] + mid + b[1];
}

export function placeExists(cat: Catalog, state: WorldState, id: string): boolean {
  return cat.places.has(id) || state.places[id] !== undefined;
}

/** What a place sells at this tick: its `sells`, while its opening `hours` last. */
export function onSale(cat: Catalog, place: string, tick: number): readonly string[] {
  const p = cat.places.get(place);
  if (!p) return [];
  return p.hours && !between(tick, cat.scenario.vocabulary.time, p.hours.open, p.hours.close) ? [] : p.sells;
}

/** A toll owed on a trip: to the owner of the thing that stands on a link the trip crosses. */
export interface Toll {
  owner: string;
  amount: number;
  entity: string;
}

/**
 * What moving costs: the Judge's rule, which no World Engine may undercut. With `mover`, the tolls
 * the trip owes (never to the mover's own things).
 */
export function travelCost(cat: Catalog, state: WorldState, from: string, to: string, mode: string, mover?: string) {
  const m = cat.words.mode(mode);
  if (!m) return null;
  const dist = distance(cat, state, from, to, mode);
  if (dist === null) return null;
  return {
    distance: dist,
    money: m.moneyBase + m.moneyPerUnit * dist,
    energy: m.energyPerUnit * dist,
    ticks: Math.max(1, Math.ceil(m.ticksPerUnit * dist)),
    tolls: mover === undefined ? [] : tollsOn(cat, state, from, to, dist, mover, mode),
  };
}

/**
 * Tolls on a trip from `from` to `to`. A thing at A with `toll.to` B stands on the link A-B; the
 * traveller takes, among the shortest routes, the one that costs least in tolls (ties: the first
 * place in the pack's order), and pays the owners of the links on it. Unowned things and one's own
 * take no toll.
 */
export function tollsOn(cat: Catalog, state: WorldState, from: string, to: string, dist: number, mover: string, mode?: string): Toll[] {
  if (!cat.tollTemplates.size) return [];
  const onLink = new Map<string, Toll[]>();
  const key = (x: string, y: string) => (x < y ? `${x}\u0000${y}` : `${y}\u0000${x}`);
  for (const e of membersOf(state.entities)) {
    if (!cat.tollTemplates.has(e.template) || e.owner === null || e.owner === mover) continue;
    const toll = cat.effect(e.template, 'toll')!;
    if (mode !== undefined && toll.modes && !toll.modes.includes(mode)) continue;
    const k = key(e.location, toll.to);
    const list = onLink.get(k) ?? onLink.set(k, []).get(k)!;
    list.push({ owner: e.owner, amount: toll.amount, entity: e.id });
  }
  if (!onLink.size) return [];
  const d = (x: string, y: string) => distance(cat, state, x, y, mode) ?? Infinity;
  // places on some shortest route, nearest first; each keeps the cheapest way to it and its tolls
  const on = [...cat.places.keys(), ...state.generatedPlaces.map((g) => g.id)]
    .filter((x) => d(from, x) + d(x, to) === dist)
    .sort((x, y) => d(from, x) - d(from, y));
  const best = new Map<string, { cost: number; tolls: Toll[] }>([[from, { cost: 0, tolls: [] }]]);
  for (const x of on) {
    const here = best.get(x);
    if (!here) continue;
    for (const y of on) {
      const len = linkLength(cat, state, x, y, mode);
      if (len === null || d(from, x) + len !== d(from, y)) continue;
      const tolls = onLink.get(key(x, y)) ?? [];
      const cost = here.cost + tolls.reduce((n, t) => n + t.amount, 0);
      const there = best.get(y);
      if (!there || cost < there.cost) best.set(y, { cost, tolls: [...here.tolls, ...tolls] });
    }
  }
  return best.get(to)?.tolls ?? [];
}

/** The length of a direct link between two places (a pack link, or a generated place's tie to its parent), or null. */
function linkLength(cat: Catalog, state: WorldState, x: string, y: string, mode?: string): number | null {
  const link = cat.places.get(x)?.links.find((l) => l.to === y && takes(l, mode));
  if (link) return link.distance;
  const g = state.generatedPlaces.find((p) => (p.id === x && p.parent === y) || (p.id === y && p.parent === x));
  return g ? g.distance : null;
}

function mealPrice(scenario: Scenario): number {
  const prices = [
    ...scenario.meta.items.filter((i) => i.energy > 0).map((i) => i.price),
    ...scenario.templates.flatMap((t) => t.effects.flatMap((e) => (e.type === 'food' ? [e.price] : []))),
  ].sort((a, b) => a - b);
  const all = prices.length ? prices : scenario.meta.items.map((i) => i.price).sort((a, b) => a - b);
  return all.length ? Math.max(1, all[Math.floor(all.length / 2)]) : 1;
}
