import { num, type TickRow } from '../../sim/metrics/rows.ts';
import type { WorldState } from '../../sim/state/types.ts';
import type { TickMetrics } from './protocol.ts';

/**
 * One tick's figures as the dashboard reads them, from the row of the metrics fold (sim/metrics):
 * the server keeps no figures of its own, so a restart rebuilds the same history from the log.
 */
export function toTickMetrics(r: TickRow): TickMetrics {
  const round = (x: number | null) => (x === null ? null : Number(num(x)));
  return {
    tick: r.tick,
    gini: round(r.gini)!,
    money: { p10: r.money_p10, p50: r.money_p50, p90: r.money_p90, total: r.money_total },
    actions: { ...r.tools },
    claims: { made: r.claims_made, contradicted: r.claims_contradicted, held: r.claims_held },
    population: r.population,
    network: { relations: r.relations, density: round(r.density), reciprocity: round(r.reciprocity), clustering: round(r.clustering) },
    knowledge: { facts: r.facts, knowings: r.knowings },
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
