import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { astinus, finished, removeDir, SHENZHEN, spawnAstinus, tempDir } from './helpers/cli.ts';

/**
 * A small real experiment (2 conditions x 2 seeds x 20 ticks, 20 people): one run straight through,
 * one SIGKILLed after its first finished run and started again. The resumed one keeps what was
 * finished and ends with the same summary and series bytes as the uninterrupted one.
 */
const TICKS = 20;
let root = '';
let conditions = '';
const args = (out: string, jobs: number) => [
  'experiment',
  SHENZHEN,
  '--seeds',
  '1,2',
  '--ticks',
  String(TICKS),
  '--population',
  '20',
  '--conditions',
  conditions,
  '--out',
  out,
  '--jobs',
  String(jobs),
];
const RESULTS = ['summary.csv', 'series/plain.csv', 'series/rumour.csv'];

beforeAll(async () => {
  root = await tempDir('astinus-exp-resume-');
  conditions = path.join(root, 'conditions.json');
  await writeFile(
    conditions,
    JSON.stringify({
      conditions: [
        { name: 'plain' },
        // a rumour told to one person at tick 5, and a pack override (a gloomier market) checked by the pack loader
        {
          name: 'rumour',
          interventions: [
            {
              label: 'rumour',
              at: 5,
              kind: 'learn_fact',
              actor: 'lin_feng',
              content: { cn: '华强北要拆了', en: 'Huaqiangbei will be torn down' },
              truth: false,
            },
          ],
          pack: { 'places.json': { places: [{ id: 'huaqiangbei', mood: -1 }] } },
        },
      ],
    }),
  );
});
afterAll(async () => {
  await removeDir(root);
});

async function finishedRuns(out: string): Promise<number> {
  let n = 0;
  for (const c of await readdir(path.join(out, 'runs')).catch(() => [])) {
    for (const s of await readdir(path.join(out, 'runs', c)).catch(() => []))
      if (await stat(path.join(out, 'runs', c, s, 'metrics.csv')).catch(() => null)) n++;
  }
  return n;
}

describe('an experiment killed and resumed', () => {
  it('gives the same summary and series bytes as one that ran straight through', async () => {
    const straight = path.join(root, 'straight');
    const r = await astinus(args(straight, 2));
    expect(r.code, r.stderr).toBe(0);
    const want = await Promise.all(RESULTS.map((f) => readFile(path.join(straight, f))));
    // the rumour condition's seeded fact is in the summary
    expect(want[0].toString()).toMatch(/^rumour,fact:rumour:final_share,2,/m);

    const killed = path.join(root, 'killed');
    const child = spawnAstinus(args(killed, 1));
    const ended = finished(child);
    // SIGKILL after the first run is finished, while the second is running
    while ((await finishedRuns(killed)) < 1 && child.exitCode === null) await new Promise((d) => setTimeout(d, 50));
    child.kill('SIGKILL');
    const k = await ended;
    expect(k.signal).toBe('SIGKILL');
    const before = await finishedRuns(killed);
    expect(before).toBeGreaterThanOrEqual(1);
    expect(before).toBeLessThan(4);
    const first = await stat(path.join(killed, 'runs', 'plain', '1', 'metrics.csv'));

    const again = await astinus(args(killed, 2));
    expect(again.code, again.stderr).toBe(0);
    // the run it was on goes on in its orphaned child (one job: one child), which the resume waits for; it may finish first
    const resumed = Number(/(\d+) of 4 runs already finished/.exec(again.stderr)?.[1]);
    expect([before, before + 1], again.stderr).toContain(resumed);
    // a finished run is not redone
    expect((await stat(path.join(killed, 'runs', 'plain', '1', 'metrics.csv'))).mtimeMs).toBe(first.mtimeMs);
    const got = await Promise.all(RESULTS.map((f) => readFile(path.join(killed, f))));
    for (const [i, f] of RESULTS.entries()) expect(got[i].equals(want[i]), f).toBe(true);
  }, 240_000);
});
