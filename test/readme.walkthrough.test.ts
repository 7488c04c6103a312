import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { between } from '../sim/model/clock.ts';
import { astinus, exportBytes, removeDir, REPO, tempDir } from './helpers/cli.ts';

/** The README's walk-through is a pack: what an author copies from it must validate and run. */
const README = readFileSync(path.join(REPO, 'README.md'), 'utf8');
const BLOCKS = [...README.matchAll(/<!-- walkthrough: ([a-z]+\.json) -->\n```json\n([\s\S]*?)\n```/g)].map((m) => [m[1], m[2]] as const);
let root = '';
afterAll(async () => {
  if (root) await removeDir(root);
});

it("the README's tiny pack validates and runs 100 ticks with its books balanced, its need, fund and shift at work", async () => {
  expect(BLOCKS.map(([f]) => f).sort()).toEqual(['actors.json', 'places.json', 'scenario.json', 'templates.json', 'vocabulary.json']);
  root = await tempDir('astinus-walkthrough-');
  const pack = path.join(root, 'lighthouse');
  await mkdir(pack);
  for (const [file, text] of BLOCKS) await writeFile(path.join(pack, file), text);
  const v = await astinus(['validate', pack]);
  expect(v.code, v.stderr).toBe(0);
  const r = await astinus(['run', pack, '--ticks', '100', '--data', path.join(root, 'data'), '--quiet', '--lang', 'en']);
  expect(r.code, r.stderr).toBe(0);
  // a closed economy: nothing is created, and the keeper's wages reach the fisher
  expect(r.stdout).toMatch(/created by sources\s+\+0\b/);
  const events = (await exportBytes(path.join(root, 'data')))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const wages = events.filter((e) => e.type === 'transfer' && e.reason === 'wage');
  expect(wages.length).toBeGreaterThan(0);
  for (const w of wages) expect(w).toMatchObject({ from: 'keeper', to: 'fisher', resource: 'money', amount: 6 });
  // the lamp is watched by night: every wage falls in the shift, 18:00 to 06:00
  for (const w of wages) expect(between(w.tick as number, { ticksPerDay: 96 }, 18, 6), `a wage at tick ${w.tick}`).toBe(true);
  // paid by the shift: one wage a night
  const nights = wages.map((w) => (w.shift as { start: number }).start);
  expect(new Set(nights).size).toBe(nights.length);
  // the boat fund is paid into, and driftwood warms whoever burns it
  expect(events.some((e) => e.type === 'fund_paid_in')).toBe(true);
  expect(events.some((e) => e.type === 'resource_changed' && e.resource === 'need:warmth' && (e.delta as number) > 0)).toBe(true);
  // nobody walks the sea way
  for (const m of events.filter((e) => e.type === 'moved' && (e.to === 'seal_rock' || e.from === 'seal_rock'))) expect(m.mode).toBe('row');
}, 120_000);
