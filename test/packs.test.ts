import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { astinus, exportBytes, removeDir, REPO, tempDir } from './helpers/cli.ts';
import { astinusHere } from './helpers/inproc.ts';

/**
 * Every pack that ships is held to the same bar, so a new world cannot land half working: it
 * validates, and 300 ticks of it reconcile to the coin and export byte for byte the same twice (once
 * through the binary, once in this process, whose modules other files have used before).
 */
const PACKS = readdirSync(path.join(REPO, 'scenarios'))
  .filter((d) => existsSync(path.join(REPO, 'scenarios', d, 'scenario.json')))
  .sort();
const LONG = 240_000;
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map(removeDir));
});

describe.each(PACKS)('the shipped pack %s', (pack) => {
  const scenario = path.join('scenarios', pack);

  it(
    'validates',
    async () => {
      const r = await astinusHere(['validate', scenario]);
      expect(r.code, r.stderr).toBe(0);
    },
    LONG,
  );

  it(
    'runs 300 ticks with its money reconciled, bots taking checks in every band, the same seed giving a byte-identical export',
    async () => {
      const root = await tempDir(`astinus-pack-${pack}-`);
      dirs.push(root);
      const [a, b] = ['a', 'b'].map((x) => path.join(root, x));
      const args = (d: string) => ['run', scenario, '--ticks', '300', '--seed', '11', '--data', d, '--quiet'];
      const runs = await Promise.all([astinus(args(a)), astinusHere(args(b))]);
      // exit 3 means the books did not reconcile
      for (const r of runs) expect(r.code, r.stderr).toBe(0);
      const bytes = await exportBytes(a);
      expect(bytes.equals(await exportBytes(b))).toBe(true);
      // a risky call is no more certain for a bot than for a player: full successes, costs and failures
      const rolls = bytes
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { type: string; band?: string });
      const bands = new Set(rolls.filter((e) => e.type === 'check_rolled').map((e) => e.band));
      for (const band of ['full', 'partial', 'fail']) expect(bands, `${pack}: no ${band} roll`).toContain(band);
    },
    LONG,
  );
});

it('ships more than one world', () => {
  expect(PACKS.length).toBeGreaterThanOrEqual(2);
});
