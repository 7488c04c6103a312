import type { Audience } from '../audience/audience.ts';
import { viewEvent } from '../audience/view.ts';
import type { EventOf } from '../model/events.ts';
import type { Status } from '../model/status.ts';
import type { Message } from '../model/text.ts';
import { type Catalog, onSale, travelCost } from '../scenario/catalog.ts';
import { isClosed, priceOf } from '../state/overrides.ts';
import type { WorldState } from '../state/types.ts';
import type { WarnLevel } from '../model/needs.ts';

/**
 * Looking around (docs/design.md, Dialog types: a `scene_description`): what a person standing at
 * their place could see and hear, built from committed state alone. It changes nothing. Everything in
 * it is what a bystander there sees (who is here and how they seem, what is sold and open, what
 * stands, where the roads go); what was said here comes from committed events cut for the one who
 * looks by the audience filter, so no fact's truth, quest risk, story state or director working can
 * reach it.
 */
export interface Scene {
  tick: number;
  place: { id: string; mood: number; closed: boolean };
  people: ScenePerson[];
  sold: { item: string; price: number }[];
  /** things here that serve whoever pays: a stall's meal, a class's fee */
  open: { entity: string; owner: string | null; price: number; serves: 'food' | 'class' }[];
  /** everything else that stands here */
  stands: { entity: string; owner: string | null }[];
  said: { tick: number; actor: string; to: string | null; content: Message }[];
  ways: { to: string; distance: number; closed: boolean; modes: { mode: string; money: number; ticks: number }[] }[];
}

export interface ScenePerson {
  id: string;
  status: Status;
  /** how their body seems: the last warning it gave that still stands, else `well` */
  seems: 'well' | 'hungry' | 'exhausted' | 'collapsing';
  /** how they are disposed toward the one looking */
  toward: 'warm' | 'neutral' | 'cold';
  player: boolean;
}

/** People named at most, and lines of talk kept: a look is a glance, not a census. */
const PEOPLE_MAX = 12;
const SAID_MAX = 6;

/** The `action` events that can hold what was said at a place (the caller reads them from the log). */
export const SAID_TOOLS = ['interact', 'express'] as const;

/**
 * The scene at `actor`'s place now. `events`: recent committed `action` events (any place, any
 * tool, in commit order); those the looker's audience may see, said at this place within hearing,
 * are kept.
 */
export function sceneOf(cat: Catalog, state: WorldState, actor: string, events: readonly EventOf<'action'>[], to: Audience): Scene {
  const self = state.actors[actor];
  const here = self.location;
  const closed = isClosed(state, here);
  const people: ScenePerson[] = [];
  for (const id of Object.keys(state.actors).sort()) {
    const a = state.actors[id];
    if (id === actor || a.location !== here || a.status === 'dead' || a.status === 'restrained_permanent') continue;
    if (people.length >= PEOPLE_MAX) break;
    const feeling = a.relations[actor] ?? 0;
    people.push({
      id,
      status: a.status,
      seems: hungerSeen(a.warned),
      toward: feeling >= 20 ? 'warm' : feeling <= -20 ? 'cold' : 'neutral',
      player: !!a.player,
    });
  }
  const sold = closed ? [] : onSale(cat, here, state.tick).map((item) => ({ item, price: priceOf(cat, state, item) }));
  const open: Scene['open'] = [];
  const stands: Scene['stands'] = [];
  for (const id of Object.keys(state.entities).sort()) {
    const e = state.entities[id];
    if (e.location !== here) continue;
    const food = cat.effect(e.template, 'food');
    const cls = cat.effect(e.template, 'class');
    if (food) open.push({ entity: id, owner: e.owner, price: food.price, serves: 'food' });
    else if (cls) open.push({ entity: id, owner: e.owner, price: cls.fee, serves: 'class' });
    else stands.push({ entity: id, owner: e.owner });
  }
  return {
    tick: state.tick,
    place: { id: here, mood: state.places[here]?.mood ?? 0, closed },
    people,
    sold,
    open,
    stands,
    said: saidHere(cat, state, events, here, to),
    ways: waysOut(cat, state, here, actor),
  };
}

function saidHere(cat: Catalog, state: WorldState, events: readonly EventOf<'action'>[], place: string, to: Audience): Scene['said'] {
  const out: Scene['said'] = [];
  for (let i = events.length - 1; i >= 0 && out.length < SAID_MAX; i--) {
    const e = events[i];
    if (e.type !== 'action' || e.place !== place || viewEvent(e, to) === null) continue;
    const c = e.call;
    // words to a person (an order at a stall is not talk)
    if (c.tool === 'interact' && Object.hasOwn(state.actors, c.args.target))
      out.push({ tick: e.tick, actor: e.actor, to: c.args.target, content: c.args.content });
    // a letter to friends or words to oneself are not heard here
    else if (c.tool === 'express' && cat.words.channel(c.args.channel)?.reach === 'place')
      out.push({ tick: e.tick, actor: e.actor, to: null, content: c.args.content });
  }
  return out.reverse();
}

function waysOut(cat: Catalog, state: WorldState, here: string, actor: string): Scene['ways'] {
  const def = cat.places.get(here);
  const generated = def ? undefined : state.generatedPlaces.find((g) => g.id === here);
  const links = def?.links ?? (generated ? [{ to: generated.parent, distance: generated.distance }] : []);
  return links.map((l) => ({
    to: l.to,
    distance: l.distance,
    closed: isClosed(state, l.to),
    // what the Judge would charge this traveller, tolls on the way included
    modes: cat.words.ids('modes').flatMap((mode) => {
      const c = travelCost(cat, state, here, l.to, mode, actor);
      return c ? [{ mode, money: c.money + c.tolls.reduce((n, t) => n + t.amount, 0), ticks: c.ticks }] : [];
    }),
  }));
}

/** How hungry a person looks: the latest of their hunger's standing warnings (a declared need's are their own business). */
function hungerSeen(warned: WorldState['actors'][string]['warned']): ScenePerson['seems'] {
  for (let i = (warned?.length ?? 0) - 1; i >= 0; i--) {
    const w = warned![i];
    if (w.need === undefined) return w.level as WarnLevel;
  }
  return 'well';
}
