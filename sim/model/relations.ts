/** A relation at or above this is a friend: who hears what one tells one's friends (a `friends` channel), and whom a bot posts for. */
export const FRIEND = 20;

/**
 * A relation changes at a believable pace: a step towards a bound shrinks as the relation nears it
 * (warm friends grow warmer slowly; sworn enemies can hardly hate more), a step away from it is whole.
 * Integer in, integer out, so the state stays integer and replays the same.
 */
export function paced(relation: number, delta: number): number {
  if (delta === 0 || Math.sign(delta) !== Math.sign(relation)) return delta;
  return Math.sign(delta) * Math.round(Math.abs(delta) * (1 - Math.min(100, Math.abs(relation)) / 100));
}
