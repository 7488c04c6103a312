import type { DirectorFile, Measure } from '../../sim/model/director.ts';
import { harmTag } from '../../sim/model/harm.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import { membersOf } from '../../sim/state/members.ts';
import type { WorldState } from '../../sim/state/types.ts';
import type { Recent } from './window.ts';

/** The director's reading of the world: each measure 0..100 by id, and the tension they weigh to. */
export interface Reading {
  tension: number;
  measures: Record<string, number>;
}

/**
 * Every measure of the pack's director.json, read from the state and the recent past (the window's
 * ticks before this one). Pure: the same state and past give the same reading, in the tick, in the
 * metrics and in a test.
 */
export function readTension(cat: Catalog, f: DirectorFile, state: WorldState, recent: Recent, tick: number): Reading {
  const measures: Record<string, number> = {};
  let sum = 0,
    weights = 0;
  for (const m of f.measures) {
    const v = Math.round(Math.min(100, Math.max(0, raw(cat, f, m, state, recent, tick))));
    measures[m.id] = v;
    sum += m.weight * (m.invert ? 100 - v : v);
    weights += m.weight;
  }
  return { tension: weights > 0 ? Math.round(sum / weights) : 0, measures };
}

function raw(cat: Catalog, f: DirectorFile, m: Measure, state: WorldState, recent: Recent, tick: number): number {
  switch (m.reads) {
    case 'conflict':
      return (100 * recent.conflicts(tick)) / m.full;
    case 'danger': {
      const harm = cat.scenario.vocabulary.harm;
      let n = 0;
      for (const a of membersOf(state.actors)) {
        if (a.status === 'dead' || a.status === 'restrained_permanent') continue;
        for (const t of a.tags) n += harmTag(harm, t)?.severity ?? 0;
        if (a.status === 'dying') n += m.full / 2;
      }
      return (100 * n) / m.full;
    }
    case 'quests': {
      let most = 0;
      for (const id in state.quests ?? {}) {
        const q = state.quests![id];
        if (q.status === 'taken') most = Math.max(most, q.progress);
      }
      return most;
    }
    case 'idle':
      return (100 * idleTicks(state, recent, tick, f.window)) / m.full;
  }
}

/** Ticks since something last happened to a living player (to anyone when no player lives), at most the window. */
function idleTicks(state: WorldState, recent: Recent, tick: number, window: number): number {
  const players = new Set<string>();
  for (const a of membersOf(state.actors)) if (a.player && a.status !== 'dead') players.add(a.id);
  const last = recent.lastTouched(tick, players.size ? players : null);
  return last === null ? window : Math.min(window, tick - 1 - last);
}
