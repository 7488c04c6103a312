import type { Condition } from './conditions.ts';

/**
 * The plan of an experiment: what DIR/experiment.json holds. A rerun into the same DIR must make
 * the same plan (it then resumes); the number of parallel jobs and the report's language are not
 * part of it. Paths are relative to DIR, and the scenario is named by its id and content hash, so
 * the plan reads the same from any working directory.
 */
export interface Plan {
  version: 1;
  scenario: { id: string; hash: string };
  ticks: number;
  seeds: number[];
  conditions: Condition[];
}

/** One run: a seed under a condition, in DIR/runs/<condition>/<seed>/. */
export interface PlanRun {
  condition: string;
  seed: number;
  dir: string;
}

export function makePlan(scenario: { id: string; hash: string }, ticks: number, seeds: number[], conditions: Condition[]): Plan {
  return { version: 1, scenario: { id: scenario.id, hash: scenario.hash }, ticks, seeds, conditions };
}

/** Every run, seed by seed, so that the conditions compare early while the rest still runs. */
export function runsOf(plan: Plan): PlanRun[] {
  return plan.seeds.flatMap((seed) => plan.conditions.map((c) => ({ condition: c.name, seed, dir: `runs/${c.name}/${seed}` })));
}

/** The plan as written to experiment.json: stable bytes for the same plan. */
export function planJson(plan: Plan): string {
  return JSON.stringify(plan, null, 2) + '\n';
}

/** The first field that differs between two plans (for the error), or null when they are the same. */
export function planDifference(stored: unknown, wanted: Plan): string | null {
  const a = stored as Record<string, unknown> | null;
  if (a === null || typeof a !== 'object') return '$';
  for (const k of ['version', 'scenario', 'ticks', 'seeds', 'conditions'] as const) {
    if (JSON.stringify(a[k]) !== JSON.stringify(wanted[k])) return k;
  }
  return null;
}
