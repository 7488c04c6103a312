import type { Band } from './dice.ts';

/** The most a theft may take for the band rolled: the pack's `max` on a full success, half at a cost, nothing on a failure. Rules and Judge both read it. */
export function theftMost(max: number, band: Band): number {
  return band === 'fail' ? 0 : band === 'partial' ? Math.max(1, Math.floor(max / 2)) : max;
}
