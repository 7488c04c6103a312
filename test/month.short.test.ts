import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BOUNDS, type Health } from '../sim/metrics/health.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { removeDir, REPO, tempDir } from './helpers/cli.ts';
import { astinusHere } from './helpers/inproc.ts';

/**
 * The month's vital signs (sim/metrics/README.md, Health) on a short run: five days of every shipped
 * pack, read by `astinus health` (both commands in this process). A bound on a share or a cap holds as it is; money in circulation's is
 * scaled to five days of thirty, so a pack drifting toward its month's bound fails here first. The month itself is `bench/month.ts` (README, A month of each pack).
 */
const PACKS = readdirSync(path.join(REPO, 'scenarios'))
  .filter((d) => existsSync(path.join(REPO, 'scenarios', d, 'scenario.json')))
  .sort();
const DAYS = 5;
const SCALE = DAYS / 30;
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map(removeDir)));

describe.each(PACKS)('five days of %s', (pack) => {
  it('keep to the bounds of a living world, scaled to five days', async () => {
    const scenario = path.join(REPO, 'scenarios', pack);
    const ticks = DAYS * (await loadScenario(scenario)).vocabulary.time.ticksPerDay;
    const data = path.join(await tempDir(`astinus-month-${pack}-`), 'data');
    dirs.push(path.dirname(data));
    const run = await astinusHere(['run', scenario, '--ticks', String(ticks), '--seed', '1', '--data', data, '--quiet']);
    expect(run.code, run.stderr).toBe(0);
    const r = await astinusHere(['health', data, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const h = JSON.parse(r.stdout) as Health;
    const sign = Object.fromEntries(h.checks.map((c) => [c.id, c]));
    expect(h.ticks.to).toBe(ticks - 1);
    expect(h.population.ratio).toBeLessThanOrEqual(BOUNDS.population_ratio);
    expect(sign.median_not_broke.ok, `median ${h.money.medianEnd}`).toBe(true);
    expect(h.collapsed.peak).toBeLessThan(BOUNDS.collapsed_peak);
    expect(h.money.ratio).toBeLessThanOrEqual(1 + (BOUNDS.money_ratio - 1) * SCALE);
    // Gini moves in steps in the first days (a stall opened, a crew taken on), not by the day: half the month's bound
    expect(h.gini.drift).toBeLessThanOrEqual(BOUNDS.gini_drift / 2);
    expect(h.made.total, 'things were made').toBeGreaterThan(10);
    expect(h.made.share, `most made: ${h.made.top}`).toBeLessThanOrEqual(BOUNDS.made_share);
    expect(h.actions.share, `most common action: ${h.actions.top}`).toBeLessThanOrEqual(BOUNDS.action_share);
    // and the director's tension moves, where the pack has a director
    if (h.director) expect(h.director.left && h.director.returned).toBe(true);
  }, 240_000);
});
