import type { WorldState } from './types.ts';

/**
 * What a money source with a daily budget has made on `day` (a day of the pack's calendar), as the
 * fold keeps it: the Judge holds a source to its budget with it (sim/judge/changes.ts), and a lasting
 * effect does not propose what the day's budget can no longer pay (world-engine/effects).
 */
export function mintedOn(state: WorldState, source: string, day: number): number {
  const minted = state.minted?.[source];
  return minted?.day === day ? minted.amount : 0;
}
