import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { labelsOf, seriesCsv, seriesOf, summaryCsv } from '../adapters/experiment/aggregate.ts';
import { ConditionsError, loadConditions, mergeOverride } from '../adapters/experiment/conditions.ts';
import { parseCsv } from '../adapters/experiment/csv.ts';
import { readRun } from '../adapters/experiment/runs.ts';
import { parseSeeds } from '../adapters/experiment/seeds.ts';
import { describe as stat, t975 } from '../adapters/experiment/stats.ts';
import { removeDir, tempDir } from './helpers/cli.ts';
import { writeFakeRun } from './helpers/experiment.ts';

const dirs: string[] = [];
const temp = async () => {
  const d = await tempDir('astinus-exp-');
  dirs.push(d);
  return d;
};
afterAll(async () => {
  for (const d of dirs) await removeDir(d);
});

describe('--seeds', () => {
  it('reads a range and a list', () => {
    expect(parseSeeds('1..5')).toEqual({ ok: true, seeds: [1, 2, 3, 4, 5] });
    expect(parseSeeds('7..7')).toEqual({ ok: true, seeds: [7] });
    expect(parseSeeds('1,5,9')).toEqual({ ok: true, seeds: [1, 5, 9] });
    expect(parseSeeds('0')).toEqual({ ok: true, seeds: [0] });
  });
  it('refuses what is not seeds, naming the value', () => {
    for (const bad of ['5..1', '1..', 'a..b', '1,,2', '-1,2', '1.5', '', '1..2..3']) {
      const r = parseSeeds(bad);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.params.value).toBe(bad);
    }
    expect(parseSeeds('1,2,1')).toMatchObject({ ok: false, key: 'experiment.error.seeds_repeat', params: { seed: 1 } });
    expect(parseSeeds('0..999999')).toMatchObject({ ok: false, key: 'experiment.error.seeds_many' });
  });
});

describe('conditions file', () => {
  const write = async (body: unknown, name = 'conditions.json') => {
    const d = await temp();
    const file = path.join(d, name);
    await writeFile(file, typeof body === 'string' ? body : JSON.stringify(body));
    return file;
  };
  const issuesOf = async (file: string) => {
    try {
      await loadConditions(file);
    } catch (err) {
      expect(err).toBeInstanceOf(ConditionsError);
      return (err as ConditionsError).issues.map((i) => ({
        file: path.basename(i.file),
        path: i.path,
        reason: 'key' in i.reason ? i.reason.key : 'text',
      }));
    }
    throw new Error('no error');
  };

  it('reads conditions with interventions from a file, inline, population, brain and pack overrides', async () => {
    const file = await write({
      conditions: [
        { name: 'rumour', interventions: 'rumour.json' },
        {
          name: 'inline',
          interventions: [{ label: 'x', at: 3, kind: 'learn_fact' }],
          population: 12,
          brain: 'policy',
          pack: { 'places.json': { places: [] } },
        },
      ],
    });
    await writeFile(
      path.join(path.dirname(file), 'rumour.json'),
      JSON.stringify({ interventions: [{ label: 'rumour', at: 10, kind: 'learn_fact' }] }),
    );
    const cs = await loadConditions(file);
    expect(cs.map((c) => c.name)).toEqual(['rumour', 'inline']);
    expect(cs[0].interventions).toEqual({ interventions: [{ label: 'rumour', at: 10, kind: 'learn_fact' }] });
    expect(cs[1]).toMatchObject({
      interventions: { interventions: [{ label: 'x', at: 3, kind: 'learn_fact' }] },
      population: 12,
      brain: 'policy',
    });
  });

  it('names the file, the JSON path and the reason of each problem', async () => {
    expect(await issuesOf(await write('{"conditions": [}'))).toEqual([
      { file: 'conditions.json', path: '$', reason: 'experiment.error.bad_json' },
    ]);
    expect(
      await issuesOf(
        await write({
          conditions: [{ name: '../evil' }, { name: 'ok', population: 0 }, { name: 'b', brain: 'genius' }, { name: 'c', extra: 1 }],
        }),
      ),
    ).toEqual([
      { file: 'conditions.json', path: '$.conditions[0].name', reason: 'experiment.error.condition_name' },
      { file: 'conditions.json', path: '$.conditions[1].population', reason: 'text' },
      { file: 'conditions.json', path: '$.conditions[2].brain', reason: 'text' },
      { file: 'conditions.json', path: '$.conditions[3]', reason: 'text' },
    ]);
    expect(await issuesOf(await write({ conditions: [{ name: 'a' }, { name: 'A' }] }))).toEqual([
      { file: 'conditions.json', path: '$.conditions[1].name', reason: 'experiment.error.condition_repeat' },
    ]);
    expect(await issuesOf(await write({ conditions: [{ name: 'a', interventions: 'missing.json' }] }))).toEqual([
      { file: 'conditions.json', path: '$.conditions[0].interventions', reason: 'experiment.error.interventions_missing' },
    ]);
    expect(await issuesOf(await write({ conditions: [{ name: 'a', pack: { 'secrets.json': {} } }] }))).toEqual([
      { file: 'conditions.json', path: '$.conditions[0].pack', reason: 'text' },
    ]);
    expect(await issuesOf(await write('{"conditions": [{"name": "a", "pack": {"places.json": {"__proto__": {"x": 1}}}}]}'))).toEqual([
      { file: 'conditions.json', path: '$.conditions[0].pack["places.json"].__proto__', reason: 'experiment.error.reserved_key' },
    ]);
    expect(await issuesOf(await write({ conditions: [] }))).toEqual([{ file: 'conditions.json', path: '$.conditions', reason: 'text' }]);
  });

  it('merges a pack override by id and by key', () => {
    const base = {
      places: [
        { id: 'a', name: 'A', capacity: 2 },
        { id: 'b', name: 'B' },
      ],
      meta: { x: 1, y: 2 },
      list: [1, 2],
    };
    expect(
      mergeOverride(base, {
        places: [
          { id: 'a', capacity: 5 },
          { id: 'c', name: 'C' },
          { id: 'b', $remove: true },
        ],
        meta: { y: null, z: 3 },
        list: [9],
      }),
    ).toEqual({
      places: [
        { id: 'a', name: 'A', capacity: 5 },
        { id: 'c', name: 'C' },
      ],
      meta: { x: 1, z: 3 },
      list: [9],
    });
  });
});

describe('means and 95% intervals', () => {
  it('uses Student t with n-1 degrees of freedom', () => {
    expect(t975(1)).toBe(12.706205);
    expect(t975(19)).toBe(2.093024);
    expect(t975(60)).toBeCloseTo(2.000298, 5);
    expect(t975(1000)).toBeCloseTo(1.962339, 5);
    // 0.2, 0.3, 0.4: mean 0.3, sd 0.1, half width 4.302653 * 0.1 / sqrt(3)
    const s = stat([0.2, 0.3, 0.4]);
    expect(s.n).toBe(3);
    expect(s.mean).toBeCloseTo(0.3, 12);
    expect(s.sd).toBeCloseTo(0.1, 12);
    expect(s.low).toBeCloseTo(0.3 - 0.248414, 6);
    expect(s.high).toBeCloseTo(0.3 + 0.248414, 6);
    expect(stat([5])).toEqual({ n: 1, mean: 5, sd: null, low: null, high: null });
    expect(stat([null, 4, null, 6])).toMatchObject({ n: 2, mean: 5 });
  });
});

describe('aggregation of run directories', () => {
  it("summarizes each run's vital signs: their values, and the share of seeds that met each bound", async () => {
    const out = await temp();
    const shares = [0.3, 0.5, 0.7];
    for (const [i, share] of shares.entries()) {
      const dir = path.join(out, 'runs', 'a', String(i + 1));
      await writeFakeRun(dir, { gini: [0.1, 0.2], density: [0, 0.1] });
      const checks = [
        { id: 'made_share', value: share, bound: 0.4, ok: share <= 0.4 },
        // a sign one run could not judge counts in neither row
        { id: 'tension_moves', value: i === 0 ? null : 1, bound: 1, ok: i === 0 ? null : true },
      ];
      await writeFile(path.join(dir, 'health.json'), JSON.stringify({ checks }));
    }
    const runs = await Promise.all(shares.map((_, i) => readRun(out, { condition: 'a', seed: i + 1, dir: `runs/a/${i + 1}` })));
    const summary = parseCsv(summaryCsv([{ name: 'a', runs }]), 'summary.csv');
    const row = (m: string) => summary.find((r) => r.metric === m)!;
    expect([row('health:made_share').n, Number(row('health:made_share').mean)]).toEqual(['3', 0.5]);
    expect([row('health:made_share:met').n, Number(row('health:made_share:met').mean)]).toEqual(['3', 0.333333]);
    expect([row('health:tension_moves:met').n, row('health:tension_moves:met').mean]).toEqual(['2', '1']);
    expect(row('health:gini_drift').n).toBe('0');
  });

  it('summarizes final ticks and labelled facts per condition, and follows the series per tick', async () => {
    const out = await temp();
    const fact = (known: number[], half: number | null) => ({ label: 'rumour', origin: 1, known, half });
    const runs = {
      a: [
        { gini: [0.1, 0.1, 0.15, 0.2], density: [0, 0.1, 0.2, 0.3], fact: fact([1, 3, 6], 1) },
        { gini: [0.1, 0.2, 0.25, 0.3], density: [0, 0.1, 0.2, 0.3], fact: fact([1, 2, 4], null) },
        { gini: [0.1, 0.3, 0.35, 0.4], density: [0, 0.2, 0.3, 0.6], fact: fact([1, 5, 8], 1) },
      ],
      b: [{ gini: [0.1, 0.1, 0.1, 0.5], density: [0, 0, 0, 0], acts: [10, 0, 0, 0, 0] as [number, number, number, number, number] }],
    };
    for (const [c, rs] of Object.entries(runs))
      for (const [i, r] of rs.entries()) await writeFakeRun(path.join(out, 'runs', c, String(i + 1)), r);
    const read = (c: string, n: number) =>
      Promise.all(Array.from({ length: n }, (_, i) => readRun(out, { condition: c, seed: i + 1, dir: `runs/${c}/${i + 1}` })));
    const conditions = [
      { name: 'a', runs: await read('a', 3) },
      { name: 'b', runs: await read('b', 1) },
    ];
    const summary = parseCsv(summaryCsv(conditions), 'summary.csv');
    const row = (c: string, m: string) => summary.find((r) => r.condition === c && r.metric === m);
    // gini at the final tick: 0.2, 0.3, 0.4
    expect(row('a', 'gini')).toEqual(
      Object.assign(Object.create(null), {
        condition: 'a',
        metric: 'gini',
        n: '3',
        mean: '0.3',
        sd: '0.1',
        ci95_low: '0.051586',
        ci95_high: '0.548414',
        interval: 't',
      }),
    );
    // one seed: a mean, no spread
    expect(row('b', 'gini')).toMatchObject({ n: '1', mean: '0.5', sd: '', ci95_low: '', ci95_high: '' });
    // final shares 0.6, 0.4, 0.8 -> mean 0.6, sd 0.2; reached half in 2 of 3; half_tick over those 2: 1, 1
    expect(row('a', 'fact:rumour:final_share')).toMatchObject({
      n: '3',
      mean: '0.6',
      sd: '0.2',
      ci95_low: '0.103172',
      ci95_high: '1.096828',
    });
    // a yes/no outcome: Wilson's score interval for 2 of 3 (scipy-checked), not a t interval past 1
    expect(row('a', 'fact:rumour:reached_half')).toMatchObject({
      n: '3',
      mean: '0.666667',
      ci95_low: '0.20766',
      ci95_high: '0.938508',
      interval: 'wilson',
    });
    expect(row('a', 'fact:rumour:half_tick')).toMatchObject({ n: '2', mean: '1', sd: '0' });
    expect(row('b', 'fact:rumour:final_share')).toBeUndefined();
    expect(
      summary
        .filter((r) => r.condition === 'a')
        .map((r) => r.metric)
        .slice(0, 3),
    ).toEqual(['population', 'gini', 'money_p10']);

    expect(labelsOf(conditions[0].runs)).toEqual(['rumour']);
    const series = seriesOf(conditions[0], ['rumour']);
    const csv = parseCsv(seriesCsv(series), 'a.csv');
    expect(csv.map((r) => r.tick)).toEqual(['0', '1', '2', '3']);
    // before the fact exists nobody knows it; at tick 2 shares 0.3, 0.2, 0.5
    expect(csv[0].share_rumour_mean).toBe('0');
    expect(csv[2].share_rumour_mean).toBe('0.333333');
    expect(csv[3].density_mean).toBe('0.4');
    expect(csv[3].n).toBe('3');
    // the action mix: 3 of 10 actions interact in every run, so no spread
    expect(csv[1]).toMatchObject({ mix_act_interact_mean: '0.3', mix_act_interact_ci95_low: '0.3', mix_act_interact_ci95_high: '0.3' });
    // same inputs, same bytes
    expect(summaryCsv(conditions)).toBe(
      summaryCsv([
        { name: 'a', runs: await read('a', 3) },
        { name: 'b', runs: await read('b', 1) },
      ]),
    );
    await mkdir(out, { recursive: true });
  });
});
