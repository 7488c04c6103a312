import { msg } from '../model/text.ts';
import type { Reason } from '../model/events.ts';
import { own } from '../model/ids.ts';
import type { Catalog } from '../scenario/catalog.ts';
import { seated } from '../state/seats.ts';
import type { ActorState, WorldState } from '../state/types.ts';

/**
 * Presence (docs/design.md, Player pace): a seated player is here or away. The server asks for `away`
 * when a player let the turn the world waited for pass unanswered, or closed their last connection,
 * and for `back` when they act or connect again; the Judge commits either only when it changes
 * something. Away, a body sleeps (time stands still for it: no hunger, no status window running) or
 * is played by the bots' brain, as the pack's `players.away` says; nobody waits for it.
 */
export interface PresenceRequest {
  actor: string;
  why?: 'quiet' | 'left';
}

const notHeld = (id: string): Reason => ({ code: 'seat_not_held', message: msg('reason.seat_not_held', { id }) });

/** Why `actor` cannot go away now (not a seated player, or away already), or null. */
export function judgeAway(state: WorldState, r: PresenceRequest): Reason | null {
  const a = own(state.actors, r.actor);
  if (!a || !seated(a)) return notHeld(r.actor);
  return a.player!.away === undefined ? null : { code: 'away_already', message: msg('reason.away_already') };
}

/** Why `actor` cannot come back now (not a seated player, or not away), or null. */
export function judgeBack(state: WorldState, r: PresenceRequest): Reason | null {
  const a = own(state.actors, r.actor);
  if (!a || !seated(a)) return notHeld(r.actor);
  return a.player!.away !== undefined ? null : { code: 'here_already', message: msg('reason.here_already') };
}

/** Whether an actor is a player away whose body sleeps: not due, not charged, its status window stopped. */
export function asleepAway(cat: Catalog, a: ActorState): boolean {
  return a.player?.away !== undefined && cat.scenario.meta.rules.players.away === 'asleep';
}
