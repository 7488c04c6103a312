import type { Event } from '../model/events.ts';
import type { WorldState } from '../state/types.ts';
import type { TickMetrics } from './protocol.ts';

/** Gini coefficient of non-negative amounts (0: all equal, toward 1: one holds everything). */
export function gini(amounts: number[]): number {
  const xs = [...amounts].sort((a, b) => a - b);
  const n = xs.length;
  const total = xs.reduce((s, x) => s + x, 0);
  if (n === 0 || total === 0) return 0;
  let weighted = 0;
  xs.forEach((x, i) => { weighted += (i + 1) * x; });
  return Math.round(((2 * weighted) / (n * total) - (n + 1) / n) * 1000) / 1000;
}

/** nearest-rank percentile of sorted values */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** One tick's figures, taken right after it committed. */
export function tickMetrics(state: WorldState, tick: number, events: Event[]): TickMetrics {
  const money: number[] = [];
  for (const id in state.actors) if (state.actors[id].status !== 'dead') money.push(state.actors[id].money);
  money.sort((a, b) => a - b);
  const actions: Record<string, number> = {};
  const claims = { made: 0, contradicted: 0, held: 0 };
  for (const e of events) {
    if (e.type === 'action') {
      actions[e.call.tool] = (actions[e.call.tool] ?? 0) + 1;
      claims.held += e.held ?? 0;
    } else if (e.type === 'claimed') {
      claims.made++;
      if (e.contradicts) claims.contradicted++;
    }
  }
  return {
    tick, gini: gini(money),
    money: { p10: percentile(money, 10), p50: percentile(money, 50), p90: percentile(money, 90), total: state.moneyTotal },
    actions, claims,
  };
}

/** The strongest relationships now, as a network (|weight| descending, ties by ids). */
export function relationNetwork(state: WorldState, top = 200) {
  const edges: { from: string; to: string; weight: number }[] = [];
  for (const from in state.actors) {
    const rel = state.actors[from].relations;
    for (const to in rel) if (rel[to] !== 0 && state.actors[to]) edges.push({ from, to, weight: rel[to] });
  }
  edges.sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight) || (a.from + a.to < b.from + b.to ? -1 : 1));
  const kept = edges.slice(0, top);
  const nodes = [...new Set(kept.flatMap((e) => [e.from, e.to]))].sort();
  return { nodes, edges: kept };
}
