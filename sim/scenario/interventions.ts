import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { z } from 'zod';
import { own } from '../model/ids.ts';
import { Intervention, InterventionsFile } from '../model/interventions.ts';
import type { Catalog } from './catalog.ts';
import type { WorldState } from '../state/types.ts';

/** One thing wrong with an interventions file: where (a JSON path) and why (zod's words, or a locale key). */
export interface InterventionProblem {
  path: string;
  reason: { text: string } | { key: string; params: Record<string, unknown> };
}

/** An interventions file that does not fit its schema, the pack or the world: every problem, for the CLI or the server to say. */
export class InterventionsError extends Error {
  constructor(
    readonly file: string,
    readonly problems: InterventionProblem[],
  ) {
    super(`${file}: ${problems.map((p) => `${p.path}: ${'text' in p.reason ? p.reason.text : p.reason.key}`).join('; ')}`);
    this.name = 'InterventionsError';
  }
}

/** `interventions[2].actor`, as a reader finds it in the file. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path.map((k, i) => (typeof k === 'number' ? `[${k}]` : `${i ? '.' : ''}${String(k)}`)).join('') || '(root)';
}

const zodProblems = (err: z.ZodError, prefix: PropertyKey[] = []): InterventionProblem[] =>
  err.issues.map((i) => ({ path: jsonPath([...prefix, ...i.path]), reason: { text: i.message } }));

/**
 * Read and check an interventions file against the pack and the world it will run in: the shape
 * (zod), then every id (a person in the world or arriving earlier in the file, an item, a job, a
 * place, a money source). Throws InterventionsError naming the file, the path and the reason.
 */
export async function loadInterventions(file: string, cat: Catalog, state: WorldState): Promise<Intervention[]> {
  const name = basename(file);
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code
      ? { key: 'interventions.unreadable', params: { detail: (err as Error).message } }
      : { key: 'interventions.not_json', params: { detail: (err as Error).message } };
    throw new InterventionsError(name, [{ path: '(root)', reason }]);
  }
  return checkInterventions(name, raw, cat, state);
}

/** Check a parsed file (see loadInterventions). */
export function checkInterventions(name: string, raw: unknown, cat: Catalog, state: WorldState): Intervention[] {
  const parsed = InterventionsFile.safeParse(raw);
  if (parsed.success) {
    const problems = crossCheck(parsed.data.interventions.entries(), cat, state, ['interventions']);
    if (problems.length) throw new InterventionsError(name, problems);
    return parsed.data.interventions;
  }
  // every problem in one round: the entries that fit their shape are checked against the pack too
  const list = (raw as { interventions?: unknown } | null)?.interventions;
  const fit = Array.isArray(list)
    ? list.flatMap((x, i): [number, Intervention][] => {
        const one = Intervention.safeParse(x);
        return one.success ? [[i, one.data]] : [];
      })
    : [];
  const problems = [...zodProblems(parsed.error), ...crossCheck(fit, cat, state, ['interventions'])];
  throw new InterventionsError(
    name,
    problems.sort((a, b) => entryOf(a.path) - entryOf(b.path)),
  );
}

/** The entry a problem's path is in (`interventions[2].actor`: 2), so problems read in file order. */
const entryOf = (path: string) => Number(/^interventions\[(\d+)\]/.exec(path)?.[1] ?? -1);

/** One intervention posted to a served world, checked the same way; `at` is the server's to set. */
export function checkOneIntervention(raw: unknown, cat: Catalog, state: WorldState): Intervention {
  const parsed = Intervention.safeParse(raw);
  if (!parsed.success) throw new InterventionsError('request', zodProblems(parsed.error));
  const problems = crossCheck([[0, parsed.data]], cat, state, []);
  if (problems.length)
    throw new InterventionsError(
      'request',
      problems.map((p) => ({ ...p, path: p.path.replace(/^\[0\]\.?/, '') || '(root)' })),
    );
  return parsed.data;
}

/** Each entry's ids against the pack and the world; `list` pairs each entry with its index in the file. */
function crossCheck(list: Iterable<[number, Intervention]>, cat: Catalog, state: WorldState, prefix: PropertyKey[]): InterventionProblem[] {
  const problems: InterventionProblem[] = [];
  const scenario = cat.scenario.meta.id;
  const arriving = new Set<string>();
  const say = (i: number, field: string, key: string, params: Record<string, unknown>) =>
    problems.push({ path: jsonPath([...prefix, i, field]), reason: { key: `interventions.${key}`, params: { ...params, scenario } } });
  const person = (i: number, field: string, id: string | null) => {
    if (id !== null && !own(state.actors, id) && !arriving.has(id)) say(i, field, 'no_person', { id });
  };
  const place = (i: number, field: string, id: string) => {
    if (!cat.places.has(id) && !own(state.places, id)) say(i, field, 'no_place', { id });
  };
  for (const [i, iv] of list) {
    switch (iv.kind) {
      case 'learn_fact':
        person(i, 'actor', iv.actor);
        person(i, 'about', iv.about);
        break;
      case 'leave':
      case 'drive':
        person(i, 'actor', iv.actor);
        break;
      case 'price':
        if (!cat.items.has(iv.item)) say(i, 'item', 'no_item', { id: iv.item });
        break;
      case 'wage':
        if (!cat.scenario.meta.jobs.some((j) => j.id === iv.job)) say(i, 'job', 'no_job', { id: iv.job });
        break;
      case 'close_place':
      case 'open_place':
        place(i, 'place', iv.place);
        break;
      case 'arrive':
        if (own(state.actors, iv.actor) || arriving.has(iv.actor)) say(i, 'actor', 'taken', { id: iv.actor });
        if (!cat.souls.has(iv.like)) say(i, 'like', 'no_person', { id: iv.like });
        if (iv.place !== undefined) place(i, 'place', iv.place);
        if (iv.source !== undefined && !cat.sources.has(iv.source)) say(i, 'source', 'no_source', { id: iv.source });
        arriving.add(iv.actor);
        break;
    }
  }
  return problems;
}
