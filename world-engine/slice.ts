import { checkFor, type Draw } from '../sim/model/check.ts';
import { FRIEND } from '../sim/model/relations.ts';
import { heldJob, jobTag } from '../sim/model/jobs.ts';
import type { ToolCall } from '../sim/model/tools.ts';
import { travelCost, type Catalog } from '../sim/scenario/catalog.ts';
import type { EntityState, FactState } from '../sim/model/events.ts';
import { rngFor } from '../sim/rng.ts';
import type { ActorState, WorldState } from '../sim/state/types.ts';
import type { PlaceIndex } from '../sim/state/place-index.ts';
import type { Slice } from './types.ts';
import { isClosed } from '../sim/state/overrides.ts';
import { relationIds } from '../sim/state/relation-ids.ts';

const LISTENERS = 4;

/** Cut the part of the (pre-tick) state a World Engine needs for one call. */
/** What the actor noticed when it decided: the engine works with the same things and people. */
export interface Noticed {
  entities: EntityState[];
  people: { id: string; status: string }[];
}

/** `how`: a call only weighed (a preview, an offer) assumes a band and throws no dice; an answer draws after the actor's rolls this tick. */
export function sliceFor(
  cat: Catalog,
  state: WorldState,
  index: PlaceIndex,
  tick: number,
  call: ToolCall,
  noticed?: Noticed,
  how: Draw = {},
): Slice {
  const actor = state.actors[call.actor];
  const here = index.get(actor.location) ?? [];
  const targetId = call.tool === 'interact' ? call.args.target : call.tool === 'use_resource' ? call.args.target : undefined;
  const target =
    targetId === undefined
      ? null
      : state.actors[targetId]
        ? { kind: 'actor' as const, actor: state.actors[targetId] }
        : state.entities[targetId]
          ? { kind: 'entity' as const, entity: state.entities[targetId] }
          : null;
  const reach = call.tool === 'express' ? cat.words.channel(call.args.channel)?.reach : undefined;
  const listeners =
    reach === 'friends'
      ? friendsAlive(state, actor.relations)
          .sort()
          .slice(0, LISTENERS)
          .map((id) => state.actors[id])
      : reach === 'world'
        ? sample(everyoneAlive(state), actor.id, LISTENERS, state.seed, tick).map((id) => state.actors[id])
        : reach === 'one'
          ? oneListener(state, call)
          : noticed
            ? firstAlive(state, noticed.people)
            : sample(here, actor.id, LISTENERS, state.seed, tick).map((id) => state.actors[id]);
  // the newest few facts it knows, oldest first
  const known: FactState[] = [];
  for (let i = Math.max(0, actor.knows.length - 4); i < actor.knows.length; i++) {
    const f = state.facts[actor.knows[i]];
    if (f) known.push(f);
  }
  const slice: Slice = {
    tick,
    seed: state.seed,
    actor,
    place: { id: actor.location, mood: state.places[actor.location].mood, present: here.length },
    target,
    entitiesHere: noticed?.entities ?? index.notice(actor.location, actor.id, tick),
    known,
    listeners,
    employer:
      call.tool === 'use_resource' && cat.words.purposeDoes(call.args.purpose) === 'work' ? payingEmployer(cat, state, actor) : null,
    travel: call.tool === 'move' ? travelCost(cat, state, actor.location, call.args.destination, call.args.mode, actor.id) : null,
    check: checkFor(cat, state, call, tick, how),
  };
  // set only for a target who hires: no object spread into every slice (a spread in a literal is V8's slow path)
  const room = vacancy(cat, state, target);
  if (room !== undefined) slice.vacancy = room;
  // no spread of an empty object into every slice of a world without interventions
  return state.interventions ? { ...slice, ...overrides(state, actor.location) } : slice;
}

/** What researchers' interventions changed here (sim/state/overrides.ts); nothing at all in a world without them. */
function overrides(state: WorldState, place: string): Pick<Slice, 'closed' | 'prices' | 'wages'> {
  const iv = state.interventions;
  if (!iv) return {};
  return {
    ...(isClosed(state, place) ? { closed: true } : {}),
    ...(Object.keys(iv.prices).length ? { prices: { ...iv.prices } } : {}),
    ...(Object.keys(iv.wages).length ? { wages: { ...iv.wages } } : {}),
  };
}

/** Whether a target who hires has room in their crew; undefined for anyone else. */
function vacancy(cat: Catalog, state: WorldState, target: Slice['target']): boolean | undefined {
  const job = target?.kind === 'actor' ? cat.jobsByEmployer.get(target.actor.soul) : undefined;
  return job && target?.kind === 'actor' ? (state.jobHolders[jobTag(job.id, target.actor.id)] ?? 0) < job.capacity : undefined;
}

/** The employer who pays the actor's wage from their own purse (a job without a source), if any. */
function payingEmployer(cat: Catalog, state: WorldState, actor: ActorState): { id: string; money: number } | null {
  const held = heldJob(actor.tags);
  const job = held && cat.scenario.meta.jobs.find((j) => j.id === held.job);
  const boss = held && state.actors[held.employer];
  return job && job.source === undefined && boss ? { id: boss.id, money: boss.money } : null;
}

/** The first few people noticed who are alive, in the order noticed. */
function firstAlive(state: WorldState, people: Noticed['people']): ActorState[] {
  const out: ActorState[] = [];
  for (let i = 0; i < people.length && out.length < LISTENERS; i++) if (people[i].status === 'alive') out.push(state.actors[people[i].id]);
  return out;
}

/** The friends among the relations who are alive. */
function friendsAlive(state: WorldState, relations: Record<string, number>): string[] {
  const out: string[] = [];
  const ids = relationIds(relations);
  for (let i = 0; i < ids.length; i++) if (relations[ids[i]] >= FRIEND && state.actors[ids[i]]?.status === 'alive') out.push(ids[i]);
  return out;
}

/** The one listener an express names (`to`), if they are someone: the Judge decides whether they can hear. */
function oneListener(state: WorldState, call: ToolCall): ActorState[] {
  const to = call.tool === 'express' ? call.args.to : undefined;
  const l = to === undefined ? undefined : state.actors[to];
  return l ? [l] : [];
}

/** Everyone alive, wherever they are, in id order: who a world-wide channel reaches. */
function everyoneAlive(state: WorldState): string[] {
  const out: string[] = [];
  for (const id in state.actors) if (state.actors[id].status === 'alive') out.push(id);
  return out.sort();
}

/** Up to n of the ids, never `self`, seeded; without copying a crowd of thousands. */
function sample(ids: string[], self: string, n: number, seed: number, tick: number): string[] {
  if (ids.length <= n + 1) return ids.filter((id) => id !== self);
  const rng = rngFor(seed, tick, self, 'listeners');
  const out = new Set<string>();
  for (let tries = 0; out.size < n && tries < n * 4; tries++) {
    const id = ids[Math.floor(rng.next() * ids.length)];
    if (id !== self) out.add(id);
  }
  return [...out].sort();
}
