import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PACK_FILES } from '../../sim/model/scenario.ts';
import { loadScenario } from '../../sim/scenario/load.ts';
import { readPackJson } from '../../sim/scenario/json.ts';
import { inkFileOf } from '../../sim/scenario/ink.ts';
import { mergeOverride, type Condition } from './conditions.ts';
import { writeAtomic } from './files.ts';

/** What `run` is given for a condition: the pack (the scenario, or its overridden copy) and the interventions file, if any. */
export interface Materialized {
  scenario: string;
  interventions: string | null;
}

/**
 * Writes a condition's inputs into DIR/conditions/<name>/: its interventions as a file for
 * `run --interventions`, and, when it overrides the pack, the pack's files with the overrides
 * merged in (scenario/), loaded by the normal pack loader so a bad override is refused with the
 * file, path and reason before anything runs (a ScenarioError, as `astinus validate` prints it).
 */
export async function materialize(out: string, scenarioDir: string, c: Condition): Promise<Materialized> {
  const dir = path.join(out, 'conditions', c.name);
  let interventions: string | null = null;
  if (c.interventions) {
    interventions = path.join(dir, 'interventions.json');
    await writeAtomic(interventions, JSON.stringify(c.interventions, null, 2) + '\n');
  }
  if (!c.pack) return { scenario: scenarioDir, interventions };
  const pack = path.join(dir, 'scenario');
  for (const file of Object.keys(PACK_FILES)) {
    const read = await readPackJson(scenarioDir, file);
    const patch = Object.prototype.hasOwnProperty.call(c.pack, file) ? c.pack[file] : undefined;
    if (read.kind === 'missing' && patch === undefined) continue;
    // a file that is no JSON is copied as it is: the loader names the error
    if (read.kind === 'bad') {
      await writeAtomic(path.join(pack, file), read.text);
      continue;
    }
    const base: unknown = read.kind === 'ok' ? read.json : {};
    await writeAtomic(path.join(pack, file), JSON.stringify(patch === undefined ? base : mergeOverride(base, patch), null, 2) + '\n');
  }
  // the story's ink file is no JSON to override: it is copied as it is
  const ink = await inkFileOf(pack);
  const inkText = ink && (await readFile(path.join(scenarioDir, ink), 'utf8').catch(() => null));
  if (ink && inkText !== null) await writeAtomic(path.join(pack, ink), inkText);
  await loadScenario(pack);
  return { scenario: pack, interventions };
}
