import type { ToolCall } from '../sim/model/tools.ts';
import { rngFor } from '../sim/rng.ts';
import type { WorldState } from '../sim/state/types.ts';
import type { PlaceIndex } from '../sim/tick/place-index.ts';
import type { Slice } from './types.ts';

const LISTENERS = 4;
const FRIEND = 20;

/** Cut the part of the (pre-tick) state a World Engine needs for one call. */
export function sliceFor(state: WorldState, index: PlaceIndex, tick: number, call: ToolCall): Slice {
  const actor = state.actors[call.actor];
  const here = index.get(actor.location) ?? [];
  const targetId = call.tool === 'interact' ? call.args.target : call.tool === 'use_resource' ? call.args.target : undefined;
  const target = targetId === undefined ? null
    : state.actors[targetId] ? { kind: 'actor' as const, actor: state.actors[targetId] }
    : state.entities[targetId] ? { kind: 'entity' as const, entity: state.entities[targetId] } : null;
  const listeners = call.tool === 'express' && call.args.channel === 'moments'
    ? Object.keys(actor.relations).filter((id) => actor.relations[id] >= FRIEND && state.actors[id]?.status === 'alive').sort().slice(0, LISTENERS).map((id) => state.actors[id])
    : sample(here.filter((id) => id !== actor.id), LISTENERS, state.seed, tick, actor.id).map((id) => state.actors[id]);
  const known = actor.knows.slice(-4).map((id) => state.facts[id]).filter(Boolean);
  const listenersKnow: Record<string, string[]> = {};
  for (const f of known) listenersKnow[f.id] = listeners.filter((l) => l.knows.includes(f.id)).map((l) => l.id);
  return {
    tick, seed: state.seed, actor,
    place: { id: actor.location, mood: state.places[actor.location].mood, present: here.length },
    target,
    entitiesHere: index.entities(actor.location),
    known, listeners, listenersKnow,
  };
}

function sample(ids: string[], n: number, seed: number, tick: number, actor: string): string[] {
  if (ids.length <= n) return ids;
  const rng = rngFor(seed, tick, actor, 'listeners');
  const out = new Set<string>();
  while (out.size < n) out.add(ids[Math.floor(rng.next() * ids.length)]);
  return [...out].sort();
}
