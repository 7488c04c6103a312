import type { ActorState } from './types.ts';

/** A player's actor whose seat is still theirs: their queued calls, and nobody else's brain, move it. */
export const seated = (a: ActorState): boolean => !!a.player && !a.player.freed;

/** A character whose player's seat was freed and who left the world: in the log, no longer in play. */
export const gone = (a: ActorState): boolean => a.player?.freed?.then === 'leaves';

/** The last tick a seated player did anything at the table: their last judged call, or their arrival. */
export const lastActed = (a: ActorState): number => a.player?.acted ?? a.arrivedAt;
