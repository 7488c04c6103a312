import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrastsCsv, type SummaryRow } from '../adapters/experiment/aggregate.ts';
import { parseCsv } from '../adapters/experiment/csv.ts';
import { comparePlans, makePlan } from '../adapters/experiment/plan.ts';
import { describe as stat, describeShare, tQuantile, welch, wilson } from '../adapters/experiment/stats.ts';
import { checkSweep, expandSweeps, parseSweep } from '../adapters/experiment/sweep.ts';
import { BASELINE } from '../adapters/experiment/conditions.ts';
import { LocalizedError } from '../sim/i18n/errors.ts';
import { removeDir, SHENZHEN, tempDir } from './helpers/cli.ts';

/** The statistics of contrasts and yes/no outcomes against values worked out by hand (and by scipy), and the sweep's parts. */
describe("Welch's interval and the t quantile", () => {
  it('gives the t quantile of any degrees of freedom (scipy.stats.t.ppf) and the closed forms of df 1 and 2', () => {
    // df 1 is Cauchy: tan(0.475 pi); df 2: (2p-1) / sqrt(2p(1-p))
    expect(tQuantile(0.975, 1)).toBeCloseTo(Math.tan(0.475 * Math.PI), 8);
    expect(tQuantile(0.975, 2)).toBeCloseTo(0.95 / Math.sqrt(2 * 0.975 * 0.025), 8);
    const scipy: [number, number][] = [
      [4.0754716981132075, 2.7562848743595714],
      [7.3, 2.345066736547703],
      [10, 2.228138851986274],
      [45.5, 2.0134926829292743],
    ];
    for (const [df, want] of scipy) expect(tQuantile(0.975, df)).toBeCloseTo(want, 8);
    expect(tQuantile(0.025, 10)).toBeCloseTo(-2.228138851986274, 8);
  });

  it('matches a hand computation: 1,2,3 against 4,6,8,10', () => {
    // means 2 and 7; variances 1 and 20/3; se^2 = 1/3 + 5/3 = 2; df = 4 / ((1/3)^2/2 + (5/3)^2/3) = 216/53
    const w = welch(stat([1, 2, 3]), stat([4, 6, 8, 10]));
    expect(w.diff).toBe(-5);
    expect(w.df).toBeCloseTo(216 / 53, 12);
    // scipy.stats.ttest_ind(equal_var=False).confidence_interval(): (-8.897975451083127, -1.102024548916872)
    expect(w.low).toBeCloseTo(-8.897975451083127, 8);
    expect(w.high).toBeCloseTo(-1.102024548916872, 8);
    // no spread on either side, or one value: no interval, the difference still
    expect(welch(stat([3, 3]), stat([1, 1]))).toEqual({ diff: 2, df: null, low: null, high: null });
    expect(welch(stat([3]), stat([1, 2]))).toMatchObject({ diff: 1.5, low: null });
  });

  it('gives Wilson score intervals for yes/no outcomes, inside [0, 1] even with all or none', () => {
    const [lo, hi] = wilson(2, 10);
    expect(lo).toBeCloseTo(0.05668215145437519, 7);
    expect(hi).toBeCloseTo(0.5098375284633583, 7);
    expect(describeShare([0, 0])).toMatchObject({ n: 2, mean: 0, low: 0 });
    expect(describeShare([0, 0]).high).toBeCloseTo(0.6576197724933469, 7);
    expect(describeShare([1, 1, 1, 1, 1, null])).toMatchObject({ n: 5, mean: 1, high: 1 });
  });

  it('writes contrasts.csv: each condition against the baseline, every metric, with both n', () => {
    const rows: SummaryRow[] = [
      { condition: 'base', metric: 'x', stat: stat([4, 6, 8, 10]), interval: 't' },
      { condition: 'hi', metric: 'x', stat: stat([1, 2, 3]), interval: 't' },
      { condition: 'hi', metric: 'only_here', stat: stat([1, 2]), interval: 't' },
    ];
    const csv = parseCsv(contrastsCsv(rows, 'base'), 'contrasts.csv');
    expect(csv).toHaveLength(1);
    expect(csv[0]).toMatchObject({ condition: 'hi', baseline: 'base', metric: 'x', n: '3', n_baseline: '4', diff: '-5', df: '4.075472' });
    expect(csv[0].ci95_low).toBe('-8.897975');
  });
});

describe('--sweep', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await tempDir('astinus-sweep-units-');
  });
  afterAll(async () => {
    await removeDir(dir);
  });
  const keyOf = async (p: Promise<unknown>) => {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(LocalizedError);
    return { key: (err as LocalizedError).key, params: (err as LocalizedError).params };
  };

  it('parses a range into values without drift, and refuses a bad shape or range', async () => {
    expect(parseSweep('scenario.json:jobs.site_labour.wage=120..200:20').values).toEqual([120, 140, 160, 180, 200]);
    expect(parseSweep('places.json:places.market.mood=0.1..0.5:0.1').values).toEqual([0.1, 0.2, 0.3, 0.4, 0.5]);
    expect(parseSweep('scenario.json:x=-2..1:1.5').values).toEqual([-2, -0.5, 1]);
    expect((await keyOf(Promise.resolve().then(() => parseSweep('wage=1..2:1')))).key).toBe('experiment.error.sweep_shape');
    expect((await keyOf(Promise.resolve().then(() => parseSweep('scenario.json:a=5..1:1')))).key).toBe('experiment.error.sweep_range');
    expect((await keyOf(Promise.resolve().then(() => parseSweep('scenario.json:a=1..1000:1')))).key).toBe('experiment.error.sweep_many');
  });

  it('checks the path against the pack, naming the file, the path and the choices there', async () => {
    await checkSweep(SHENZHEN, parseSweep('scenario.json:jobs.site_labour.wage=120..200:20'));
    const job = await keyOf(checkSweep(SHENZHEN, parseSweep('scenario.json:jobs.nobody.wage=1..2:1')));
    expect(job).toMatchObject({ key: 'experiment.error.sweep_no_key', params: { file: 'scenario.json', path: 'jobs' } });
    expect(job.params.choices).toBe('site_labour, warehouse_sorting');
    expect((await keyOf(checkSweep(SHENZHEN, parseSweep('secrets.json:a=1..2:1')))).key).toBe('experiment.error.sweep_no_file');
    expect((await keyOf(checkSweep(SHENZHEN, parseSweep('scenario.json:jobs.site_labour.place=1..2:1')))).key).toBe(
      'experiment.error.sweep_not_number',
    );
    expect((await keyOf(checkSweep(SHENZHEN, parseSweep('scenario.json:__proto__.x=1..2:1')))).key).toBe('experiment.error.sweep_no_key');
  });

  it('makes one condition per value, a grid for two sweeps, named from path and value', async () => {
    const one = await expandSweeps(SHENZHEN, [parseSweep('scenario.json:jobs.site_labour.wage=100..200:100')], [BASELINE], false);
    expect(one.map((c) => c.name)).toEqual(['wage_100', 'wage_200']);
    expect(one[1].pack).toEqual({ 'scenario.json': { jobs: [{ id: 'site_labour', wage: 200 }] } });
    const grid = await expandSweeps(
      SHENZHEN,
      [parseSweep('scenario.json:jobs.site_labour.wage=100..200:100'), parseSweep('scenario.json:jobs.warehouse_sorting.wage=1..2:1')],
      [BASELINE],
      false,
    );
    expect(grid.map((c) => c.name)).toEqual([
      'site_labour_100_warehouse_sorting_1',
      'site_labour_100_warehouse_sorting_2',
      'site_labour_200_warehouse_sorting_1',
      'site_labour_200_warehouse_sorting_2',
    ]);
    expect(grid[3].pack).toEqual({
      'scenario.json': {
        jobs: [
          { id: 'site_labour', wage: 200 },
          { id: 'warehouse_sorting', wage: 2 },
        ],
      },
    });
  });
});

describe('an experiment plan met again', () => {
  const plan = (seeds: number[], ticks = 10) => makePlan({ id: 's', hash: 'h' }, ticks, seeds, [BASELINE]);
  it('resumes the same plan, extends it by seeds, and names what else differs', async () => {
    const stored = JSON.parse(JSON.stringify(plan([1, 2])));
    expect(comparePlans(stored, plan([1, 2]))).toEqual({ kind: 'same' });
    expect(comparePlans(stored, plan([1, 2, 3, 4]))).toEqual({ kind: 'more_seeds', added: [3, 4] });
    expect(comparePlans(stored, plan([1]))).toMatchObject({ kind: 'other', field: 'seeds', stored: '[1,2]', wanted: '[1]' });
    expect(comparePlans(stored, plan([1, 2], 20))).toMatchObject({ kind: 'other', field: 'ticks', stored: '10', wanted: '20' });
    const other = makePlan({ id: 's', hash: 'h' }, 10, [1, 2], [{ ...BASELINE, population: 5 }]);
    expect(comparePlans(stored, other)).toMatchObject({ kind: 'other', field: 'conditions.baseline' });
  });
});
