import { readFile, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../adapters/experiment/csv.ts';
import { tQuantile } from '../adapters/experiment/stats.ts';
import { astinus, removeDir, SHENZHEN, tempDir } from './helpers/cli.ts';

/**
 * A wage sweep from one command (2 values x 2 seeds x 6 ticks, 12 people): the conditions it
 * writes, the summary's n, contrasts.csv against a Welch interval computed here from the runs'
 * own metrics.csv, a reporter's column; then the same sweep started with one seed and given a
 * second: only the new runs run, and the tables are the same bytes as the straight run's.
 */
const TICKS = 6;
const SWEEP = 'scenario.json:jobs.site_labour.wage=120..160:40';
let root = '';
let conditions = '';
const args = (out: string, seeds: string, extra: string[] = []) => [
  'experiment',
  SHENZHEN,
  '--seeds',
  seeds,
  '--ticks',
  String(TICKS),
  '--population',
  '12',
  '--sweep',
  SWEEP,
  '--conditions',
  conditions,
  '--out',
  out,
  '--jobs',
  '2',
  ...extra,
];
const TABLES = ['summary.csv', 'contrasts.csv', 'series/wage_120.csv', 'series/wage_160.csv'];

beforeAll(async () => {
  root = await tempDir('astinus-exp-sweep-');
  conditions = path.join(root, 'conditions.json');
  // in TypeScript, as a researcher may write one: the CLI loads it through tsx
  await writeFile(conditions, JSON.stringify({ reporters: './reporters.ts' }));
  await writeFile(
    path.join(root, 'reporters.ts'),
    'type Row = Record<string, number>;\nexport const spread = (row: Row): number => row.money_p90 - row.money_p10;\n',
  );
});
afterAll(async () => {
  await removeDir(root);
});

const finalRow = async (out: string, c: string, seed: number) => {
  const rows = parseCsv(await readFile(path.join(out, 'runs', c, String(seed), 'metrics.csv'), 'utf8'), 'metrics.csv');
  return rows[rows.length - 1];
};

/** Welch's difference of means and 95% interval, written out from its definition. */
function welchByHand(a: number[], b: number[]) {
  const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
  const variance = (x: number[]) => x.reduce((s, v) => s + (v - mean(x)) ** 2, 0) / (x.length - 1);
  const va = variance(a) / a.length,
    vb = variance(b) / b.length;
  const df = (va + vb) ** 2 / (va ** 2 / (a.length - 1) + vb ** 2 / (b.length - 1));
  const diff = mean(a) - mean(b);
  const half = tQuantile(0.975, df) * Math.sqrt(va + vb);
  return { diff, df, low: diff - half, high: diff + half };
}

describe('a sweep over a pack value', () => {
  it('runs one condition per value, summarizes with n and contrasts each value with the first (Welch)', async () => {
    const out = path.join(root, 'straight');
    const r = await astinus(args(out, '1..2'));
    expect(r.code, r.stderr).toBe(0);
    // each value is a condition whose pack carries it
    for (const wage of [120, 160]) {
      const pack = JSON.parse(await readFile(path.join(out, 'conditions', `wage_${wage}`, 'scenario', 'scenario.json'), 'utf8'));
      expect(pack.jobs.find((j: { id: string }) => j.id === 'site_labour').wage).toBe(wage);
      expect(pack.jobs.find((j: { id: string }) => j.id === 'warehouse_sorting').wage).toBe(150);
    }
    const summary = parseCsv(await readFile(path.join(out, 'summary.csv'), 'utf8'), 'summary.csv');
    expect(summary.find((x) => x.condition === 'wage_160' && x.metric === 'gini')).toMatchObject({ n: '2', interval: 't' });
    // the cumulative count beside the last tick's, and the reporter as a metric
    const actions = await Promise.all(
      [1, 2].map(async (s) => {
        const rows = parseCsv(await readFile(path.join(out, 'runs', 'wage_160', String(s), 'metrics.csv'), 'utf8'), 'm');
        return rows.reduce((sum, x) => sum + Number(x.actions), 0);
      }),
    );
    expect(Number(summary.find((x) => x.condition === 'wage_160' && x.metric === 'actions:total')!.mean)).toBeCloseTo(
      (actions[0] + actions[1]) / 2,
      6,
    );
    const spreads = await Promise.all(
      [1, 2].map(async (s) => {
        const f = await finalRow(out, 'wage_120', s);
        return Number(f.money_p90) - Number(f.money_p10);
      }),
    );
    expect(Number(summary.find((x) => x.condition === 'wage_120' && x.metric === 'rep_spread')!.mean)).toBeCloseTo(
      (spreads[0] + spreads[1]) / 2,
      6,
    );
    expect(await readFile(path.join(out, 'series', 'wage_120.csv'), 'utf8')).toMatch(
      /^tick,n,.*,rep_spread_mean,rep_spread_ci95_low,rep_spread_ci95_high,/,
    );

    const contrasts = parseCsv(await readFile(path.join(out, 'contrasts.csv'), 'utf8'), 'contrasts.csv');
    expect(new Set(contrasts.map((x) => `${x.condition}/${x.baseline}`))).toEqual(new Set(['wage_160/wage_120']));
    // every metric of the summary that has a varying value on both sides gets a Welch interval matching the hand computation
    let checked = 0;
    for (const metric of ['gini', 'money_p50', 'money_total', 'relations', 'knowings', 'actions']) {
      const a = await Promise.all([1, 2].map(async (s) => Number((await finalRow(out, 'wage_160', s))[metric])));
      const b = await Promise.all([1, 2].map(async (s) => Number((await finalRow(out, 'wage_120', s))[metric])));
      const row = contrasts.find((x) => x.metric === metric)!;
      expect(row).toMatchObject({ n: '2', n_baseline: '2' });
      expect(Number(row.diff)).toBeCloseTo(a[0] / 2 + a[1] / 2 - b[0] / 2 - b[1] / 2, 5);
      if (a[0] === a[1] && b[0] === b[1]) {
        expect(row.ci95_low).toBe('');
        continue;
      }
      const w = welchByHand(a, b);
      expect(Number(row.df)).toBeCloseTo(w.df, 5);
      expect(Number(row.ci95_low)).toBeCloseTo(w.low, 4);
      expect(Number(row.ci95_high)).toBeCloseTo(w.high, 4);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
    const html = await readFile(path.join(out, 'report.html'), 'utf8');
    expect(html).toContain('<table id="contrasts">');
    expect(html).toMatch(/n=2\/2/);
    expect(html).toMatch(/ n=2</);
    // and how it was made: the sweep and the baseline are among the manifest's flags it prints
    expect(html).toMatch(/<section id="provenance">.*--sweep scenario\.json:jobs\.site_labour\.wage=/s);
  }, 300_000);

  it('adds seeds to a finished experiment: only the new runs run, the tables are the same bytes as all seeds at once', async () => {
    const out = path.join(root, 'grown');
    const first = await astinus(args(out, '1..1'));
    expect(first.code, first.stderr).toBe(0);
    const kept = await stat(path.join(out, 'runs', 'wage_120', '1', 'metrics.csv'));
    const more = await astinus(args(out, '1..2'));
    expect(more.code, more.stderr).toBe(0);
    expect(more.stderr).toContain('Adding seeds 2 to the experiment: 2 new runs');
    expect(more.stderr).toContain('2 of 4 runs already finished');
    expect((await stat(path.join(out, 'runs', 'wage_120', '1', 'metrics.csv'))).mtimeMs).toBe(kept.mtimeMs);
    for (const f of TABLES)
      expect((await readFile(path.join(out, f))).equals(await readFile(path.join(root, 'straight', f))), f).toBe(true);

    // anything else that changes is refused, naming it and both values
    const ticks = await astinus([...args(out, '1..2').map((a) => (a === String(TICKS) ? '7' : a))]);
    expect(ticks.code).toBe(1);
    expect(ticks.stderr).toContain('its ticks is 6 there and 7 in this command');
    const fewer = await astinus(args(out, '2..2'));
    expect(fewer.code).toBe(1);
    expect(fewer.stderr).toContain('its seeds is [1,2] there and [2] in this command');
  }, 300_000);
});

describe('a command refused before anything runs', () => {
  it('lists every problem of a conditions file at once, with path and reason, and leaves no folder behind', async () => {
    const file = path.join(root, 'bad-conditions.json');
    await writeFile(
      file,
      JSON.stringify({
        conditions: [
          { name: '../evil' },
          { name: 'loud', brain: 'genius' },
          { name: 'gloomy', pack: { 'places.json': { places: [{ id: 'huaqiangbei', mood: 99 }] } } },
          {
            name: 'ghost',
            interventions: [{ label: 'x', at: 2, kind: 'learn_fact', actor: 'nobody_here', content: { cn: 'x', en: 'x' }, truth: true }],
          },
          { name: 'GHOST' },
        ],
      }),
    );
    const out = path.join(root, 'refused');
    const r = await astinus(['experiment', SHENZHEN, '--seeds', '1..2', '--ticks', '5', '--conditions', file, '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Problems found: 5');
    expect(r.stderr).toContain('$.conditions[0].name');
    expect(r.stderr).toContain('$.conditions[1].brain');
    expect(r.stderr).toMatch(/\$\.conditions\[2\]\.pack\["places\.json"\] \$\.places\[\d+\]\.mood/);
    expect(r.stderr).toMatch(/\$\.conditions\[3\]\.interventions interventions\[0\]\.actor: .*nobody_here/);
    expect(r.stderr).toContain('$.conditions[4].name');
    expect(existsSync(out)).toBe(false);
  }, 60_000);

  it('refuses a sweep over a path the pack does not have, naming the choices, and a reporter that is no function', async () => {
    const out = path.join(root, 'refused-sweep');
    const r = await astinus([
      'experiment',
      SHENZHEN,
      '--seeds',
      '1',
      '--ticks',
      '5',
      '--sweep',
      'scenario.json:jobs.miner.wage=1..3:1',
      '--out',
      out,
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('scenario.json has nothing at the next key after jobs. Keys there: site_labour, warehouse_sorting');
    const file = path.join(root, 'bad-reporters.json');
    await writeFile(file, JSON.stringify({ reporters: './bad-reporters.mjs' }));
    await writeFile(path.join(root, 'bad-reporters.mjs'), 'export const ok = (row) => row.gini;\nexport const limit = 3;\n');
    const bad = await astinus(['experiment', SHENZHEN, '--seeds', '1', '--ticks', '5', '--conditions', file, '--out', out]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('exports "limit", a number');
    await writeFile(file, JSON.stringify({ reporters: './missing.mjs' }));
    const missing = await astinus(['experiment', SHENZHEN, '--seeds', '1', '--ticks', '5', '--conditions', file, '--out', out]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('missing.mjs cannot be found');
    expect(existsSync(out)).toBe(false);
  }, 60_000);
});
