import type { Reason } from '../model/events.ts';
import { own } from '../model/ids.ts';
import { msg } from '../model/text.ts';
import type { Catalog } from '../scenario/catalog.ts';
import { membersOf } from '../state/members.ts';
import { lastActed, seated } from '../state/seats.ts';
import type { WorldState } from '../state/types.ts';

/**
 * Seats (a pack's `rules.players`): a player holds one from their join until the Judge frees it,
 * because they have not acted for `idleTicks` ticks or because the admin asked. Inactivity is counted
 * in ticks, the simulation's only clock. Freed, the seat counts free for the next join, and the
 * character goes on as a bot or leaves, as the pack's `whenFreed` says.
 */
export interface SeatRequest {
  actor: string;
}

/** Why the admin's freeing cannot be committed now (not a player, or freed already), or null when it can. */
export function judgeFree(state: WorldState, r: SeatRequest): Reason | null {
  const a = own(state.actors, r.actor);
  return a && seated(a) ? null : { code: 'seat_not_held', message: msg('reason.seat_not_held', { id: r.actor }) };
}

/** Players whose seat has gone unused for the pack's `idleTicks` by this tick, in id order. */
export function idlePlayers(cat: Catalog, state: WorldState, tick: number): string[] {
  const { idleTicks } = cat.scenario.meta.rules.players;
  const out: string[] = [];
  // indexed: once a tick over every actor, often before V8 optimizes it, where a for-of allocates a result per step
  const actors = membersOf(state.actors);
  for (let i = 0; i < actors.length; i++) if (seated(actors[i]) && tick - lastActed(actors[i]) >= idleTicks) out.push(actors[i].id);
  return out.sort();
}
