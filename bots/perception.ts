import { isClosed, priceOf } from '../sim/state/overrides.ts';
import type { EntityState } from '../sim/model/events.ts';
import type { Message } from '../sim/model/text.ts';
import { type Catalog, onSale } from '../sim/scenario/catalog.ts';
import type { ActorState, Observation, WorldState } from '../sim/state/types.ts';
import type { PlaceIndex } from '../sim/state/place-index.ts';
import { rngFor } from '../sim/rng.ts';
import { relationIds } from '../sim/state/relation-ids.ts';
import { type KnownQuest, knownQuest } from './quests.ts';
import type { AnswerBasis } from './work-lead.ts';

export interface Neighbour {
  id: string;
  soul: string;
  status: ActorState['status'];
  relation: number;
  reputation: number;
  roles: string[];
}

/**
 * What one actor can know at its heartbeat: its own body, its place, who and what is there, what
 * happened there since it last looked, what it was told, and how its last call went. Nothing else:
 * no global counts, no other places' events, no fact's truth. Its own memory stream is in `self`;
 * a brain that wants long-term memories retrieves them (bots/memory.ts) for what it is thinking about.
 */
export interface Perception {
  tick: number;
  self: ActorState;
  place: {
    id: string;
    mood: number;
    links: { to: string; distance: number }[];
    sells: readonly string[];
    /** prices of what is sold here that an intervention changed (sim/state/overrides.ts); absent: the pack's */
    prices?: Record<string, number>;
  };
  /** the places an intervention closed, this one among them if it is (absent: none is) */
  shut?: readonly string[];
  people: Neighbour[];
  /** the things here the actor notices (its own, and a few others) */
  entities: EntityState[];
  /** how many things of each kind stand here */
  kinds: Record<string, number>;
  owned: EntityState[];
  recent: Observation[];
  lastFailure: { sig: string; tick: number; reason: Message } | null;
  /**
   * a player has just spoken to the actor, this tick: the game master's turn, in which the actor
   * answers them before the tick ends (sim/tick/answers.ts); `basis`: the work really open and the facts
   * it knows, which its answer holds to (bots/work-lead.ts)
   */
  answering?: { to: string; said: Message; basis?: AnswerBasis };
  /** the quests the actor has taken, as it was told them (bots/quests.ts): absent when none */
  quests?: KnownQuest[];
}

/** The id of the call a perception leads to: one a tick, and one more when answering a player. */
export const callIdOf = (p: Perception): string => (p.answering ? `${p.tick}:${p.self.id}:answer` : `${p.tick}:${p.self.id}`);

const PEOPLE = 8;

export function perceive(cat: Catalog, state: WorldState, index: PlaceIndex, id: string, tick: number): Perception {
  const self = state.actors[id];
  const placeDef = cat.places.get(self.location);
  // a place the world generated is looked for only where the pack has none
  const generated = placeDef ? undefined : state.generatedPlaces.find((g) => g.id === self.location);
  const links = placeDef?.links ?? (generated ? [{ to: generated.parent, distance: generated.distance }] : []);
  // since it last acted (needs are charged then), or since it arrived
  const since = Math.max(self.arrivedAt, self.needsAt);
  const all = state.places[self.location].recent;
  let from = all.length;
  while (from > 0 && all[from - 1].tick >= since) from--;
  // observations are in tick order, and none is from this tick yet (it has not been judged)
  const recent = all.slice(from);
  const place: Perception['place'] = {
    id: self.location,
    mood: state.places[self.location].mood,
    // the pack's own list where no intervention closed anything (read only, like every perception)
    links: state.interventions ? links.filter((l) => !isClosed(state, l.to)) : links,
    sells: isClosed(state, self.location) ? [] : onSale(cat, self.location, tick),
  };
  const prices = changedPrices(cat, state, self.location);
  if (prices) place.prices = prices;
  const p: Perception = {
    tick,
    self,
    place,
    people: neighbours(state, index, self, tick),
    entities: index.notice(self.location, id, tick),
    kinds: index.kinds(self.location),
    owned: index.owned(id),
    recent,
    lastFailure: self.lastFailure,
  };
  // set only when there are some, as the fields were spread in before: no empty object spread per actor
  const closed = state.interventions?.closed;
  const shut = closed ? Object.keys(closed) : [];
  if (shut.length) p.shut = shut;
  const taken = index.taken(id);
  if (taken) p.quests = taken.map((q) => knownQuest(state, q));
  return p;
}

/** People present: those the actor has feelings about first, then a seeded handful of strangers. */
function neighbours(state: WorldState, index: PlaceIndex, self: ActorState, tick: number): Neighbour[] {
  const here = index.get(self.location) ?? [];
  const picked: string[] = [];
  if (here.length <= PEOPLE + 1) {
    for (const id of here) if (id !== self.id) picked.push(id);
  } else {
    const known = relationIds(self.relations);
    for (let i = 0; i < known.length && picked.length < PEOPLE / 2; i++)
      if (state.actors[known[i]]?.location === self.location) picked.push(known[i]);
    const rng = rngFor(state.seed, tick, self.id, 'notice');
    for (let tries = 0; picked.length < PEOPLE && tries < PEOPLE * 3; tries++) {
      const id = here[Math.floor(rng.next() * here.length)];
      if (id !== self.id && !picked.includes(id)) picked.push(id);
    }
  }
  return picked.map((pid) => {
    const o = state.actors[pid];
    return { id: pid, soul: o.soul, status: o.status, relation: self.relations[pid] ?? 0, reputation: o.reputation, roles: o.roles };
  });
}

/** What an intervention changed of the prices here, so a brain budgets with what the Judge will charge. */
function changedPrices(cat: Catalog, state: WorldState, place: string): Record<string, number> | null {
  const changed = state.interventions?.prices;
  if (!changed) return null;
  const prices: Record<string, number> = {};
  for (const id of cat.places.get(place)?.sells ?? []) if (Object.hasOwn(changed, id)) prices[id] = priceOf(cat, state, id);
  return Object.keys(prices).length ? prices : null;
}
