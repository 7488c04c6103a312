import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { readManifest } from '../provenance/manifest.ts';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { LocalizedError } from '../../sim/i18n/errors.ts';
import { foldHistory } from '../../sim/metrics/history.ts';
import type { MetricsFold } from '../../sim/metrics/fold.ts';
import type { Scenario } from '../../sim/model/scenario.ts';
import { buildCatalog } from '../../sim/scenario/catalog.ts';
import { loadScenario } from '../../sim/scenario/load.ts';
import { openEmbeddedStore } from '../store/embedded.ts';
import type { StoreMeta } from '../../sim/ports/store.ts';
import type { Event } from '../../sim/model/events.ts';

/* A world's data folder, read from the command line: what it was made from, and its figures. */

const Meta = z.object({
  world: z.string(),
  scenario: z.string(),
  scenarioHash: z.string(),
  seed: z.number().int().min(0),
  population: z.number().int().min(1).nullable(),
  origin: z.object({ seed: z.number().int().min(0), at: z.number().int().min(0) }).optional(),
});

/** The store's meta.json, validated: what the world was made from. */
export async function readMeta(dataDir: string): Promise<StoreMeta> {
  const file = path.join(dataDir, 'meta.json');
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null) throw new LocalizedError('cli.error.no_data', { dir: dataDir });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new LocalizedError('cli.error.metrics_meta', { file, detail: (err as Error).message });
  }
  const m = Meta.safeParse(json);
  if (!m.success)
    throw new LocalizedError('cli.error.metrics_meta', {
      file,
      detail: m.error.issues.map((i) => `${i.path.join('.') || '$'}: ${i.message}`).join('; '),
    });
  return m.data;
}

/** the packs that come with Astinus */
const BUILT_IN = fileURLToPath(new URL('../../scenarios/', import.meta.url));

/**
 * The pack a store was made with. An explicit path must be that pack (same hash); without one, a
 * folder named for the pack's id under ./scenarios or Astinus's own scenarios/ with the same hash.
 */
export async function scenarioOf(meta: StoreMeta, explicit?: string, dataDir?: string): Promise<Scenario> {
  if (explicit) {
    const s = await loadScenario(explicit);
    if (s.hash !== meta.scenarioHash)
      throw new LocalizedError('cli.error.metrics_scenario_hash', { path: explicit, id: meta.scenario, hash: meta.scenarioHash });
    return s;
  }
  const tried: string[] = [];
  // where the run read it (its manifest), then the usual places
  const recorded = dataDir ? (await readManifest(dataDir).catch(() => null))?.pack.path : undefined;
  const places = [...(recorded ? [recorded] : []), ...[path.resolve('scenarios'), BUILT_IN].map((root) => path.join(root, meta.scenario))];
  for (const dir of places) {
    if (tried.includes(dir) || !(await stat(dir).catch(() => null))?.isDirectory()) continue;
    tried.push(dir);
    const s = await loadScenario(dir).catch(() => null);
    if (s?.hash === meta.scenarioHash) return s;
  }
  throw new LocalizedError('cli.error.metrics_no_scenario', { id: meta.scenario, hash: meta.scenarioHash, tried: tried.join(', ') || '-' });
}

/**
 * Every tick of an embedded store, folded. Read-only: never takes the writer's lock, so it works
 * while a run is live (it reads what is committed when it starts).
 */
export async function metricsOf(
  dataDir: string,
  o: {
    scenario?: string;
    onStart?: (last: number) => void;
    onTick?: (tick: number) => void;
    onEvent?: (e: Event) => void;
    onFold?: (fold: MetricsFold) => void;
  } = {},
): Promise<MetricsFold> {
  const meta = await readMeta(dataDir);
  const scenario = await scenarioOf(meta, o.scenario, dataDir);
  const store = await openEmbeddedStore(dataDir);
  try {
    const last = await store.lastTick();
    o.onStart?.(last);
    return await foldHistory(buildCatalog(scenario), store, meta, last, { onTick: o.onTick, onEvent: o.onEvent, onFold: o.onFold });
  } finally {
    await store.close();
  }
}
