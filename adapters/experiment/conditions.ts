import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { RESERVED_IDS } from '../../sim/model/ids.ts';
import { PACK_FILES } from '../../sim/model/scenario.ts';
import type { Message } from '../../sim/model/text.ts';
import { jsonPath } from '../../sim/scenario/errors.ts';

/**
 * The conditions file of `astinus experiment --conditions FILE`:
 *
 *   { "conditions": [ { "name": "rumour", "interventions": "rumour.json" },
 *                     { "name": "denial", "interventions": { "interventions": [ ... ] },
 *                       "population": 40, "brain": "policy",
 *                       "pack": { "places.json": { "places": [ { "id": "x", "capacity": 3 } ] } } } ] }
 *
 * `interventions` is a path (relative to the conditions file) to an interventions file, or the
 * interventions inline (the file's object, or just its array); `run --interventions` checks them.
 * `pack` overrides the scenario's files: see mergeOverride.
 */

/** A condition's name is a folder name and a CSV cell: short, plain, not a name of the language. */
const Name = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/, { error: 'experiment.error.condition_name' })
  .refine((s) => !RESERVED_IDS.has(s), { error: 'experiment.error.condition_name' });

/** Overrides per pack file; an unknown file name is refused by name (zod: unrecognized key). */
const PackOverrides = z
  .object(Object.fromEntries(Object.keys(PACK_FILES).map((f) => [f, z.record(z.string(), z.unknown()).optional()])))
  .strict();

const Condition = z
  .object({
    name: Name,
    interventions: z.union([z.string().min(1), z.array(z.unknown()), z.object({ interventions: z.array(z.unknown()) }).loose()]).optional(),
    population: z.number().int().min(1).optional(),
    brain: z.enum(['policy', 'llm', 'hybrid']).optional(),
    pack: PackOverrides.optional(),
  })
  .strict();

/** The file's top: its conditions (each checked on its own, so every condition's problems are listed) and a reporters module. */
const ConditionsFile = z
  .object({ conditions: z.array(z.unknown()).min(1).max(100).optional(), reporters: z.string().min(1).optional() })
  .strict();

export interface Condition {
  name: string;
  /** the interventions file's content (`{ interventions: [...] }`), or null for none */
  interventions: { interventions: unknown[] } | null;
  population: number | null;
  brain: 'policy' | 'llm' | 'hybrid' | null;
  /** per pack file, the override merged over it; null for the pack as it is */
  pack: Record<string, Record<string, unknown>> | null;
}

export interface ConditionsIssue {
  file: string;
  path: string;
  reason: Message;
}

export class ConditionsError extends Error {
  constructor(
    readonly file: string,
    readonly issues: ConditionsIssue[],
  ) {
    super(`${file}: ` + issues.map((i) => `${i.file} ${i.path}: ${'text' in i.reason ? i.reason.text : i.reason.key}`).join('; '));
    this.name = 'ConditionsError';
  }
}

/** Without a file: one condition, the scenario as it is. */
export const BASELINE: Condition = { name: 'baseline', interventions: null, population: null, brain: null, pack: null };

/** zod's message is either one of our locale keys or zod's own (localized) text. */
const reasonOf = (message: string): Message => (message.startsWith('experiment.') ? { key: message } : { text: message });

/** What a conditions file holds, checked: its conditions, its reporters module (absolute), and each condition's index in the file. */
export interface ConditionsFileData {
  conditions: Condition[];
  reporters: string | null;
  index: Map<string, number>;
  /** every problem found, with the file, the JSON path and why (the conditions above are those without one) */
  issues: ConditionsIssue[];
}

/** Reads and checks a conditions file (see readConditionsFile); only its conditions. */
export async function loadConditions(file: string): Promise<Condition[]> {
  const read = await readConditionsFile(file);
  if (read.issues.length) throw new ConditionsError(file, read.issues);
  return read.conditions;
}

/**
 * Reads and checks a conditions file. Every problem is found in one pass and returned together
 * (`issues`, with the file, the JSON path and why): reserved keys, the shape of each condition,
 * repeated names, interventions files that cannot be read. A file that cannot be read or is no JSON
 * throws ConditionsError.
 */
export async function readConditionsFile(file: string): Promise<ConditionsFileData> {
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null) throw new ConditionsError(file, [{ file, path: '$', reason: { key: 'experiment.error.unreadable' } }]);
  const json = parseJson(file, text);
  const reserved = reservedPaths(json);
  const issues: ConditionsIssue[] = reserved.map((p) => ({ file, path: jsonPath(p), reason: { key: 'experiment.error.reserved_key' } }));
  // a condition holding a reserved key is not read further: its problem is already said
  const tainted = new Set(reserved.filter((p) => p[0] === 'conditions' && typeof p[1] === 'number').map((p) => p[1] as number));
  const zodIssues = (err: z.ZodError, prefix: PropertyKey[]) =>
    err.issues
      .filter(
        (x) => !reserved.some((r) => jsonPath(r) === jsonPath([...prefix, ...x.path, ...(x.code === 'unrecognized_keys' ? x.keys : [])])),
      )
      .map((x) => ({ file, path: jsonPath([...prefix, ...x.path]), reason: reasonOf(x.message) }));
  const top = ConditionsFile.safeParse(json);
  if (!top.success) issues.push(...zodIssues(top.error, []));
  const raw = top.success
    ? (top.data.conditions ?? null)
    : Array.isArray((json as { conditions?: unknown })?.conditions)
      ? (json as { conditions: unknown[] }).conditions
      : [];
  const seen = new Set<string>();
  const out: Condition[] = [];
  const index = new Map<string, number>();
  for (const [i, item] of (raw ?? []).entries()) {
    if (tainted.has(i)) continue;
    const parsed = Condition.safeParse(item);
    if (!parsed.success) {
      issues.push(...zodIssues(parsed.error, ['conditions', i]));
      continue;
    }
    const c = parsed.data;
    // names become folders: two that differ only in case would share one on some filesystems
    const folded = c.name.toLowerCase();
    if (seen.has(folded))
      issues.push({
        file,
        path: jsonPath(['conditions', i, 'name']),
        reason: { key: 'experiment.error.condition_repeat', params: { name: c.name } },
      });
    seen.add(folded);
    let interventions: Condition['interventions'] = null;
    if (typeof c.interventions === 'string') {
      const from = path.resolve(path.dirname(file), c.interventions);
      const body = await readFile(from, 'utf8').catch(() => null);
      const at = jsonPath(['conditions', i, 'interventions']);
      if (body === null) {
        issues.push({ file, path: at, reason: { key: 'experiment.error.interventions_missing', params: { path: c.interventions } } });
        continue;
      }
      let v: unknown;
      try {
        v = JSON.parse(body.replace(/^\uFEFF/, ''));
      } catch (err) {
        issues.push({ file: from, path: '$', reason: { key: 'experiment.error.bad_json', params: { detail: (err as Error).message } } });
        continue;
      }
      const shaped = z
        .object({ interventions: z.array(z.unknown()) })
        .loose()
        .safeParse(v);
      if (!shaped.success) {
        issues.push(...shaped.error.issues.map((x) => ({ file: from, path: jsonPath(x.path), reason: reasonOf(x.message) })));
        continue;
      }
      interventions = shaped.data as Condition['interventions'];
    } else if (Array.isArray(c.interventions)) interventions = { interventions: c.interventions };
    else if (c.interventions) interventions = c.interventions as Condition['interventions'];
    index.set(c.name, i);
    out.push({
      name: c.name,
      interventions,
      population: c.population ?? null,
      brain: c.brain ?? null,
      pack: (c.pack as Condition['pack']) ?? null,
    });
  }
  const reporters = top.success && top.data.reporters ? path.resolve(path.dirname(file), top.data.reporters) : null;
  return { conditions: raw === null ? [BASELINE] : out, reporters, index, issues };
}

function parseJson(file: string, text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new ConditionsError(file, [
      { file, path: '$', reason: { key: 'experiment.error.bad_json', params: { detail: (err as Error).message } } },
    ]);
  }
}

/** Paths of keys such as `__proto__`, refused before zod can quietly drop them. */
function reservedPaths(v: unknown, at: PropertyKey[] = []): PropertyKey[][] {
  if (Array.isArray(v)) return v.flatMap((x, i) => reservedPaths(x, [...at, i]));
  if (v === null || typeof v !== 'object') return [];
  return Object.keys(v).flatMap((k) => (RESERVED_IDS.has(k) ? [[...at, k]] : reservedPaths((v as Record<string, unknown>)[k], [...at, k])));
}

/**
 * A pack override merged over a pack file: objects merge key by key (JSON Merge Patch, RFC 7396:
 * `null` removes a key), and an array whose items all carry an `id` merges item by item: an
 * override item with a known id merges into that item, one with a new id is appended, and one
 * `{ "id": ..., "$remove": true }` drops it. Any other array is replaced whole. The result is checked
 * by the pack loader like any pack.
 */
export function mergeOverride(base: unknown, patch: unknown): unknown {
  if (Array.isArray(patch)) {
    if (!Array.isArray(base) || !withIds(base) || !withIds(patch)) return patch;
    const out = base.slice() as Record<string, unknown>[];
    for (const p of patch as Record<string, unknown>[]) {
      const i = out.findIndex((b) => b.id === p.id);
      if (p.$remove === true) {
        if (i >= 0) out.splice(i, 1);
        continue;
      }
      if (i >= 0) out[i] = mergeOverride(out[i], p) as Record<string, unknown>;
      else out.push(p);
    }
    return out;
  }
  if (patch === null || typeof patch !== 'object') return patch;
  if (base === null || typeof base !== 'object' || Array.isArray(base)) base = {};
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergeOverride(out[k], v);
  }
  return out;
}

const withIds = (a: unknown[]) =>
  a.length > 0 &&
  a.every((x) => x !== null && typeof x === 'object' && !Array.isArray(x) && typeof (x as { id?: unknown }).id === 'string');
