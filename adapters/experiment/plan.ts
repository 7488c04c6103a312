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

/** How a command's plan meets the plan stored in DIR: the same, the same with seeds added, or another experiment. */
export type PlanMatch =
  { kind: 'same' } | { kind: 'more_seeds'; added: number[] } | { kind: 'other'; field: string; stored: string; wanted: string };

const short = (v: unknown) => {
  const s = JSON.stringify(v) ?? 'none';
  return s.length > 120 ? s.slice(0, 117) + '...' : s;
};

/**
 * Compares a stored plan with a command's. Seeds may be added to a finished or unfinished
 * experiment (the stored seeds, in their order, then new ones): its runs so far are kept and only the
 * new seeds run. Anything else that differs makes another experiment, named by its first field
 * that differs and both values (for a condition, its name).
 */
export function comparePlans(stored: unknown, wanted: Plan): PlanMatch {
  const a = stored as Record<string, unknown> | null;
  if (a === null || typeof a !== 'object') return { kind: 'other', field: 'experiment.json', stored: 'unreadable', wanted: '' };
  for (const k of ['version', 'scenario', 'ticks', 'conditions'] as const) {
    if (JSON.stringify(a[k]) === JSON.stringify(wanted[k])) continue;
    if (k === 'conditions' && Array.isArray(a[k])) {
      const was = (a[k] as Condition[]).map((c) => c?.name);
      const now = wanted.conditions.map((c) => c.name);
      const gone = was.filter((n) => !now.includes(n));
      const added = now.filter((n) => !was.includes(n));
      if (gone.length || added.length)
        return { kind: 'other', field: 'conditions', stored: gone.join(', ') || '-', wanted: added.join(', ') || '-' };
      const i = (a[k] as Condition[]).findIndex((c, j) => JSON.stringify(c) !== JSON.stringify(wanted.conditions[j]));
      return {
        kind: 'other',
        field: `conditions.${now[Math.max(0, i)]}`,
        stored: short((a[k] as unknown[])[i]),
        wanted: short(wanted.conditions[i]),
      };
    }
    return { kind: 'other', field: k, stored: short(a[k]), wanted: short(wanted[k]) };
  }
  const seeds = Array.isArray(a.seeds) ? (a.seeds as unknown[]) : [];
  if (JSON.stringify(seeds) === JSON.stringify(wanted.seeds)) return { kind: 'same' };
  const prefix = seeds.length < wanted.seeds.length && seeds.every((s, i) => s === wanted.seeds[i]);
  if (prefix) return { kind: 'more_seeds', added: wanted.seeds.slice(seeds.length) };
  return { kind: 'other', field: 'seeds', stored: short(a.seeds), wanted: short(wanted.seeds) };
}
