import type { ActorDef, Drives } from '../model/scenario.ts';
import type { Strategy } from '../model/strategy.ts';
import { rngFor } from '../rng.ts';
import type { Catalog } from '../scenario/catalog.ts';
import type { ActorState, WorldState } from './types.ts';
import { parseJobTag } from '../model/jobs.ts';
import { table } from '../model/ids.ts';
import { reviveTables } from './table.ts';

/** Starting weights: personality decides what an actor tries first; reflection takes it from there. */
export function weightsFromDrives(d: Drives): Record<Strategy, number> {
  const r = (v: number) => Math.round(v * 1000) / 1000;
  return {
    work: r(0.4 + d.diligence),
    trade: r(0.3 + 0.7 * d.ambition + 0.3 * d.thrift),
    art: r(0.2 + d.creativity),
    teach: r(0.2 + 0.5 * d.creativity + 0.5 * d.sociability),
    gossip: r(0.1 + d.gossip),
    social: r(0.3 + d.sociability),
    explore: r(0.3 + 0.5 * (1 - d.diligence)),
    rest: 1,
  };
}

export function initialState(cat: Catalog, seed: number, population: number | null): WorldState {
  const { scenario } = cat;
  const state: WorldState = {
    version: 1,
    scenario: scenario.meta.id,
    seed,
    tick: -1,
    actors: {},
    places: {},
    generatedPlaces: [],
    entities: {},
    facts: {},
    counters: { entity: 0, fact: 0, place: 0 },
    jobHolders: {},
    moneyTotal: 0,
  };
  for (const p of scenario.places) state.places[p.id] = { id: p.id, mood: p.mood, recent: [] };
  for (const e of scenario.entities) {
    state.entities[e.id] = {
      id: e.id,
      template: e.template,
      owner: e.owner,
      location: e.location,
      name: e.name ?? null,
      properties: { ...e.properties },
      createdAt: -1,
    };
    // a thing that stands from the start colours its place as a made one would (and never fades)
    const mood = cat.effect(e.template, 'mood');
    if (mood) state.places[e.location].mood = Math.max(-10, Math.min(10, state.places[e.location].mood + mood.delta));
  }
  const originals = population === null ? scenario.actors : scenario.actors.slice(0, population);
  for (const def of originals) addActor(state, actorFrom(def, def.id, 0, seed));
  const clones = population === null ? 0 : Math.max(0, population - originals.length);
  const placeIds = scenario.places.map((p) => p.id);
  for (let n = 1; n <= clones; n++) {
    const rng = rngFor(seed, -1, `clone${n}`, 'population');
    const def = rng.pick(scenario.actors);
    const a = actorFrom(def, `${def.id}__${n}`, n, seed);
    if (rng.chance(0.5)) a.location = rng.pick(placeIds);
    a.money = Math.max(0, Math.round(a.money * (0.5 + rng.next())));
    for (const k of Object.keys(a.drives) as (keyof Drives)[]) {
      a.drives[k] = Math.round(Math.min(1, Math.max(0, a.drives[k] + (rng.next() - 0.5) * 0.3)) * 1000) / 1000;
    }
    a.strategy = weightsFromDrives(a.drives);
    a.relations = table();
    addActor(state, a);
  }
  // a pack without funds keeps the state it always had
  for (const f of scenario.meta.rules.money.funds) {
    (state.funds ??= table())[f.id] = { money: f.money, paid: table() };
    state.moneyTotal += f.money;
  }
  reviveTables(state);
  return state;
}

function addActor(state: WorldState, a: ActorState): void {
  state.actors[a.id] = a;
  state.moneyTotal += a.money;
  for (const t of a.tags) if (parseJobTag(t)) state.jobHolders[t] = (state.jobHolders[t] ?? 0) + 1;
}

function actorFrom(def: ActorDef, id: string, clone: number, seed: number): ActorState {
  const b = def.body;
  return newActor({
    id,
    soul: def.id,
    clone,
    location: b.location,
    arrivedAt: 0,
    money: b.money,
    energy: b.energy,
    inventory: { ...b.inventory },
    relations: table(b.relations),
    reputation: b.reputation,
    tags: [...b.tags],
    status: b.status,
    heartbeat: def.heartbeat,
    nextWake: rngFor(seed, -1, id, 'first-wake').int(0, def.heartbeat - 1),
    drives: { ...def.drives },
    roles: [...def.roles],
  });
}

/** What makes one actor unlike another when it enters the world; the rest starts the same for all. */
export type NewActor = Pick<
  ActorState,
  'id' | 'soul' | 'clone' | 'location' | 'arrivedAt' | 'money' | 'energy' | 'inventory' | 'relations' | 'reputation' | 'tags' | 'status'
> &
  Pick<ActorState, 'heartbeat' | 'nextWake' | 'drives' | 'roles' | 'player' | 'name' | 'leaveAt' | 'came'>;

/**
 * An actor entering the world (the pack's people, a researcher's newcomer, a player). Every field is
 * there from the start, the optional ones undefined until set (JSON leaves them out): actors that gained
 * them in different orders would each take a shape of their own, and code reading actors would keep
 * being deoptimized and compiled again.
 */
export function newActor(o: NewActor): ActorState {
  const since = o.arrivedAt;
  return {
    id: o.id,
    soul: o.soul,
    clone: o.clone,
    location: o.location,
    arrivedAt: since,
    money: o.money,
    energy: o.energy,
    inventory: o.inventory,
    relations: o.relations,
    reputation: o.reputation,
    tags: o.tags,
    status: o.status,
    statusSince: since,
    heartbeat: o.heartbeat,
    nextWake: o.nextWake,
    drives: o.drives,
    roles: o.roles,
    strategy: weightsFromDrives(o.drives),
    ledger: table(),
    wakes: 0,
    needsAt: since,
    lastSocial: since,
    lastPurpose: since,
    memory: [],
    knows: [],
    lastFailure: null,
    tagsAt: undefined,
    failed: undefined,
    closed: undefined,
    hpLost: undefined,
    hurtAt: undefined,
    warned: undefined,
    needsLost: undefined,
    argued: undefined,
    name: o.name,
    leaveAt: o.leaveAt,
    came: o.came,
    player: o.player,
  };
}
