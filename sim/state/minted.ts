import type { Catalog } from '../scenario/catalog.ts';
import type { WorldState } from './types.ts';

/**
 * What a money source may still create on the day of `tick` (a day of the pack's calendar), from what the
 * fold counted it made that day; null when the pack gives it no daily budget. The Judge holds a source to
 * it (sim/judge/changes.ts), and a lasting effect does not propose what it cannot pay (world-engine/effects).
 */
export function budgetLeft(cat: Catalog, state: WorldState, source: string, tick: number): number | null {
  const budget = cat.budgets.get(source);
  if (budget === undefined) return null;
  const minted = state.minted?.[source];
  return budget - (minted?.day === dayOf(cat, tick) ? minted.amount : 0);
}

/** The day of the pack's calendar a tick falls on: what a daily budget counts by. */
export function dayOf(cat: Catalog, tick: number): number {
  return Math.floor(tick / cat.scenario.vocabulary.time.ticksPerDay);
}
