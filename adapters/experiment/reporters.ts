import { access } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { LocalizedError } from '../../sim/i18n/errors.ts';
import { RESERVED_IDS } from '../../sim/model/ids.ts';
import type { RunData } from './aggregate.ts';
import { cellNum, num } from './csv.ts';

/**
 * Reporters a researcher adds: a module (`.mjs`, `.js` or `.ts`) named by the conditions file's
 * `reporters`, whose named exports are functions over one tick's row of the metrics fold (the
 * columns of metrics.csv) returning a number, or null for "not applicable". Each becomes a column
 * `rep_<name>` of every run's rows, so the summary (final tick, and nothing else is assumed) and the
 * series show it like any metric:
 *
 *   export const rich_share = (row) => (row.population ? row.money_p90 / row.money_total : null);
 */

/** One tick of metrics.csv as a reporter sees it: numbers, null for an empty cell, text for text columns (`phase`). */
export type MetricsRow = Readonly<Record<string, number | string | null>> & { readonly tick: number };
export type Reporter = (row: MetricsRow) => number | null;
export type Reporters = ReadonlyMap<string, Reporter>;

const NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

/** Loads the module; a missing module, a non-function export or a name unfit for a column is refused naming the module and the export. */
export async function loadReporters(file: string): Promise<Reporters> {
  if (
    !(await access(file).then(
      () => true,
      () => false,
    ))
  )
    throw new LocalizedError('experiment.error.reporters_missing', { file });
  let mod: Record<string, unknown>;
  try {
    mod = await importModule(file);
  } catch (err) {
    throw new LocalizedError('experiment.error.reporters_load', { file, detail: (err as Error).message });
  }
  const out = new Map<string, Reporter>();
  for (const [name, v] of Object.entries(mod)) {
    if (name === 'default' && v === undefined) continue;
    if (typeof v !== 'function') throw new LocalizedError('experiment.error.reporter_not_function', { file, name, type: typeof v });
    if (!NAME.test(name) || RESERVED_IDS.has(name)) throw new LocalizedError('experiment.error.reporter_name', { file, name });
    out.set(name, v as Reporter);
  }
  if (!out.size) throw new LocalizedError('experiment.error.reporters_none', { file });
  return out;
}

/**
 * A `.ts` module through tsx's loader (the CLI itself runs compiled, without one); JavaScript as it is.
 * A `.ts` file with no `"type": "module"` above it loads as CommonJS: its exports are the default's.
 */
async function importModule(file: string): Promise<Record<string, unknown>> {
  const url = pathToFileURL(file).href;
  if (!/\.[mc]?ts$/.test(file)) return (await import(url)) as Record<string, unknown>;
  const { tsImport } = await import('tsx/esm/api');
  const mod = (await tsImport(url, import.meta.url)) as Record<string, unknown>;
  const cjs = mod.default !== null && typeof mod.default === 'object' ? (mod.default as Record<string, unknown>) : null;
  // Node's view of a CommonJS module: its exports as the default, some of them again by name
  return cjs && Object.keys(mod).every((k) => k === 'default' || k === 'module.exports' || Object.hasOwn(cjs, k)) ? cjs : mod;
}

export const reporterColumn = (name: string) => `rep_${name}`;

/** A run's metrics rows with each reporter's column added (written as the tables write numbers). */
export function withReporters(run: RunData, reporters: Reporters): RunData {
  if (!reporters.size) return run;
  const metrics = run.metrics.map((raw) => {
    const row: Record<string, number | string | null> = Object.create(null);
    for (const [k, v] of Object.entries(raw)) row[k] = v === '' ? null : (cellNum(v) ?? v);
    const out: Record<string, string> = Object.assign(Object.create(null), raw);
    for (const [name, f] of reporters) {
      let v: unknown;
      try {
        v = f(Object.freeze({ ...row }) as MetricsRow);
      } catch (err) {
        throw new LocalizedError('experiment.error.reporter_failed', {
          name,
          tick: raw.tick,
          run: `seed ${run.seed}`,
          detail: (err as Error).message,
        });
      }
      out[reporterColumn(name)] = typeof v === 'number' ? num(v) : '';
    }
    return out;
  });
  return { ...run, metrics };
}
