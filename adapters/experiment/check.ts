import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildCatalog } from '../../sim/scenario/catalog.ts';
import { ScenarioError } from '../../sim/scenario/errors.ts';
import { checkInterventions, InterventionsError } from '../../sim/scenario/interventions.ts';
import { loadScenario } from '../../sim/scenario/load.ts';
import { jsonPath } from '../../sim/scenario/errors.ts';
import { initialState } from '../../sim/state/initial.ts';
import type { Message } from '../../sim/model/text.ts';
import type { Condition, ConditionsIssue } from './conditions.ts';
import { materialize } from './materialize.ts';

/**
 * Every condition checked against the pack before anything is written to the experiment's folder or
 * run: its pack overrides merged and loaded as `astinus validate` loads a pack (into a temporary
 * folder, removed after), and its interventions checked against that pack and the first seed's
 * world, as `run --interventions` will (an unknown person, place, item or job). All problems of all
 * conditions are returned together; `where` names where a condition came from (the conditions file
 * and its index there, or the sweep).
 */
export async function checkConditions(
  scenarioDir: string,
  conditions: readonly Condition[],
  seed: number,
  where: (c: Condition) => { file: string; at: PropertyKey[] },
): Promise<ConditionsIssue[]> {
  const issues: ConditionsIssue[] = [];
  const tmp = await mkdtemp(path.join(tmpdir(), 'astinus-check-'));
  try {
    for (const c of conditions) {
      const { file, at } = where(c);
      let dir: string;
      try {
        dir = (await materialize(tmp, scenarioDir, { ...c, interventions: null })).scenario;
      } catch (err) {
        if (!(err instanceof ScenarioError)) throw err;
        for (const i of err.issues) issues.push({ file, path: `${jsonPath([...at, 'pack', i.file])} ${i.path}`, reason: i.reason });
        continue;
      }
      if (!c.interventions) continue;
      const cat = buildCatalog(await loadScenario(dir));
      try {
        checkInterventions(c.name, c.interventions, cat, initialState(cat, seed, c.population));
      } catch (err) {
        if (!(err instanceof InterventionsError)) throw err;
        for (const p of err.problems)
          issues.push({ file, path: `${jsonPath([...at, 'interventions'])} ${p.path}`, reason: p.reason as Message });
      }
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  return issues;
}
