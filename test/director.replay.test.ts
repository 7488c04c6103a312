import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { removeDir, tempDir } from './helpers/cli.ts';
import { astinusHere } from './helpers/inproc.ts';

/**
 * The director is deterministic: its measures read the state and a window of recent ticks that is a
 * function of the log, so the same seed gives the same log byte for byte, and a run stopped and
 * resumed (the window primed from the store) gives the log an uninterrupted one does.
 */
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map(removeDir));
});

const run = async (data: string, ticks: number) => {
  const r = await astinusHere(['run', 'scenarios/riverford', '--ticks', String(ticks), '--seed', '4', '--data', data, '--quiet']);
  expect(r.code, r.stderr).toBe(0);
};
const exported = async (data: string) => (await astinusHere(['export', data])).stdout;

it('gives the same log for the same seed, and the same log when stopped and resumed', async () => {
  const root = await tempDir('astinus-director-replay-');
  dirs.push(root);
  const [a, b, c] = ['a', 'b', 'c'].map((x) => path.join(root, x));
  await run(a, 300);
  await run(b, 300);
  await run(c, 120);
  await run(c, 300);
  const log = await exported(a);
  // the director acted on both sides of the stop: the resumed run's window had something to remember
  const proposed = log
    .split('\n')
    .filter((l) => l.includes('"director_proposed"'))
    .map((l) => (JSON.parse(l) as { tick: number }).tick);
  expect(proposed.some((t) => t < 120)).toBe(true);
  expect(proposed.some((t) => t >= 120)).toBe(true);
  expect(await exported(b)).toBe(log);
  expect(await exported(c)).toBe(log);
}, 120_000);
