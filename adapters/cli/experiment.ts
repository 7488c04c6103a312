import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { LocalizedError } from '../../sim/i18n/errors.ts';
import { translator, type T } from '../../sim/i18n/translator.ts';
import type { Lang } from '../../sim/model/text.ts';
import { loadScenario } from '../../sim/scenario/load.ts';
import { contrastsCsv, labelsOf, seriesCsv, seriesOf, summaryCsv, summaryRows, type ConditionRuns } from '../experiment/aggregate.ts';
import { checkConditions } from '../experiment/check.ts';
import { BASELINE, ConditionsError, readConditionsFile, type ConditionsFileData } from '../experiment/conditions.ts';
import { writeAtomic } from '../experiment/files.ts';
import { materialize, type Materialized } from '../experiment/materialize.ts';
import { comparePlans, makePlan, planJson, runsOf, type Plan, type PlanRun } from '../experiment/plan.ts';
import { reportData, reportHtml } from '../experiment/report.ts';
import { digestOf, RUN_FILES, RunQueue, runJob, runJobId, runQueueName } from '../experiment/remote.ts';
import { checkRedis, queueName, redact } from '../queue/connection.ts';
import { isFinished, liveHolder, readRun } from '../experiment/runs.ts';
import { loadReporters, reporterColumn, withReporters, type Reporter, type Reporters } from '../experiment/reporters.ts';
import { parseSeeds } from '../experiment/seeds.ts';
import { checkSweep, expandSweeps, parseSweep } from '../experiment/sweep.ts';
import { EXPERIMENT_OPTIONS, ExperimentArgs, parse, UsageError } from './args.ts';
import { chromiumPath, renderFigure } from './figure.ts';
import { Progress } from './progress.ts';
import { claimFolder, engineLines, provenanceLines, recordClaim } from '../provenance/commands.ts';

const BIN = fileURLToPath(new URL('../../bin/astinus.mjs', import.meta.url));

/**
 * `astinus experiment <scenario> --seeds 1..20 [--conditions FILE] --ticks N --out DIR`: every seed
 * under every condition, each run as child processes of this CLI (`run`, then `metrics`, into
 * DIR/runs/<condition>/<seed>/), --jobs at a time; then DIR/summary.csv, DIR/series/<condition>.csv
 * and DIR/report.html. Rerun the same command to resume: finished runs (metrics.csv written) are
 * kept, an unfinished world is continued by `run`.
 */
export async function experimentCommand(argv: string[]): Promise<number> {
  const args = parse(argv, EXPERIMENT_OPTIONS, ['scenario'], ExperimentArgs);
  const t = translator(args.lang);
  const seeds = parseSeeds(args.seeds);
  if (!seeds.ok) throw new UsageError([{ key: seeds.key, params: seeds.params }]);
  // what would fail after every run fails before the first
  if (args.figure && !chromiumPath()) throw new LocalizedError('experiment.error.no_chromium');
  const sweeps = args.sweep.map(parseSweep);
  for (const sw of sweeps) await checkSweep(args.scenario, sw);
  let file: ConditionsFileData = { conditions: [BASELINE], reporters: null, index: new Map(), issues: [] };
  try {
    if (args.conditions) file = await readConditionsFile(args.conditions);
  } catch (err) {
    if (!(err instanceof ConditionsError)) throw err;
    printConditionsError(t, err);
    return 1;
  }
  const source = args.conditions ?? '--sweep';
  // flags are the defaults a condition may override; the plan holds what each condition runs with
  const conditions = (await expandSweeps(args.scenario, sweeps, file.conditions, file.index.size > 0)).map((c) => ({
    ...c,
    population: c.population ?? args.population ?? null,
    brain: c.brain ?? args.brain ?? null,
  }));
  // every condition against the pack too, so the file's problems are all said at once, before anything is written
  const issues = [
    ...file.issues,
    ...(await checkConditions(args.scenario, conditions, seeds.seeds[0], (c) => {
      const i = file.index.get(c.name);
      return i === undefined ? { file: source, at: ['conditions', c.name] } : { file: source, at: ['conditions', i] };
    })),
  ];
  if (issues.length) {
    printConditionsError(t, new ConditionsError(source, issues));
    return 1;
  }
  const baseline = args.baseline ?? conditions[0].name;
  if (!conditions.some((c) => c.name === baseline))
    throw new LocalizedError('experiment.error.baseline', { name: baseline, choices: conditions.map((c) => c.name).join(', ') });
  const reporters = file.reporters ? await loadReporters(file.reporters) : new Map<string, Reporter>();
  const scenario = await loadScenario(args.scenario);
  const plan = makePlan({ id: scenario.meta.id, hash: scenario.hash }, args.ticks, seeds.seeds, conditions);
  const out = args.out;
  // an out dir another engine wrote is refused before anything is written (adapters/provenance)
  const claim = await claimFolder({ t, dir: out, allowMixed: args['allow-mixed'], say: (l) => process.stderr.write(l + '\n') });
  await openOut(t, out, plan);
  const inputs = new Map<string, Materialized>();
  for (const c of conditions) inputs.set(c.name, await materialize(out, args.scenario, c));

  const runs = runsOf(plan);
  const todo: PlanRun[] = [];
  for (const r of runs) if (!(await isFinished(out, r))) todo.push(r);
  if (todo.length < runs.length)
    process.stderr.write(t('experiment.resume', { done: runs.length - todo.length, total: runs.length }) + '\n');
  const manifest = await recordClaim(claim, {
    kind: 'experiment',
    since: runs.length - todo.length,
    existed: todo.length < runs.length,
    pack: plan.scenario,
    seed: null,
    flags: {
      seeds: plan.seeds,
      ticks: plan.ticks,
      conditions: args.conditions ?? null,
      population: args.population ?? null,
      brain: args.brain ?? null,
      sweep: args.sweep,
      baseline,
    },
  });
  // REDIS_URL: the runs are BullMQ jobs for `astinus worker` processes, here or on other machines
  const url = process.env.REDIS_URL;
  if (url) {
    await checkRedis(url);
    process.stderr.write(t('experiment.remote', { url: redact(url), queue: runQueueName(queueName()) }) + '\n');
  }
  const remote = url ? new RunQueue(url, runQueueName(queueName())) : null;
  const jobs = args.jobs ?? (remote ? Math.max(1, todo.length) : availableParallelism());
  const failed = await runAll({ t, out, plan, todo, total: runs.length, jobs, inputs, remote, allowMixed: args['allow-mixed'] }).finally(
    () => remote?.close(),
  );
  if (failed === 'stopped') {
    process.stderr.write(t('experiment.stopped') + '\n');
    return 130;
  }
  if (failed) {
    process.stderr.write(
      t('experiment.error.run_failed', {
        condition: failed.run.condition,
        seed: failed.run.seed,
        step: failed.step,
        code: failed.code,
        log: path.join(out, failed.run.dir, 'run.log'),
      }) + '\n',
    );
    if (failed.tail) process.stderr.write(failed.tail + '\n');
    return 1;
  }

  await writeResults({
    t,
    lang: args.lang,
    out,
    plan,
    runs,
    scenarioName: scenario.meta.name[args.lang],
    baseline,
    reporters,
    provenance: provenanceLines(t, manifest, out),
  });
  process.stdout.write(
    t('experiment.done', { runs: runs.length, summary: path.join(out, 'summary.csv'), report: path.join(out, 'report.html') }) + '\n',
  );
  process.stdout.write(engineLines(t, manifest).join('\n') + '\n');
  if (args.figure) {
    await renderFigure(path.join(out, 'report.html'), args.figure);
    process.stdout.write(t('experiment.figure', { file: args.figure }) + '\n');
  }
  return 0;
}

/**
 * The one place an experiment's folder is created or taken up again: a new or empty folder gets
 * the plan; a folder holding the same plan resumes; the same plan with more seeds is extended (the
 * finished runs are kept, only the new seeds run). Anything else is refused naming what differs.
 */
async function openOut(t: T, out: string, plan: Plan): Promise<void> {
  const stored = await readFile(path.join(out, 'experiment.json'), 'utf8').catch(() => null);
  if (stored === null) {
    const entries = await readdir(out).catch(() => []);
    if (entries.length) throw new LocalizedError('experiment.error.out_not_empty', { dir: out });
    await mkdir(out, { recursive: true });
  } else {
    let json: unknown = null;
    try {
      json = JSON.parse(stored);
    } catch {
      /* a damaged plan differs from every plan */
    }
    const match = comparePlans(json, plan);
    if (match.kind === 'other') throw new LocalizedError('experiment.error.other_plan', { dir: out, ...match });
    if (match.kind === 'more_seeds')
      process.stderr.write(
        t('experiment.more_seeds', { seeds: match.added.join(','), runs: match.added.length * plan.conditions.length }) + '\n',
      );
  }
  await writeAtomic(path.join(out, 'experiment.json'), planJson(plan));
}

interface Failure {
  run: PlanRun;
  step: 'run' | 'worker';
  code: number | string;
  tail: string;
}

/** The runs, `jobs` at a time; the first failure stops new runs from starting (those running finish). */
async function runAll(o: {
  t: T;
  out: string;
  plan: Plan;
  todo: PlanRun[];
  total: number;
  jobs: number;
  inputs: Map<string, Materialized>;
  remote: RunQueue | null;
  /** passed on to `run`: an unfinished world another engine began is continued (its manifest lists both) */
  allowMixed: boolean;
}): Promise<Failure | 'stopped' | null> {
  const { t, out, plan } = o;
  let done = o.total - o.todo.length;
  const running = new Set<PlanRun>();
  const progress = new Progress(o.total, (d, total, extra) => t('experiment.progress', { done: d, total, extra }));
  const show = () =>
    progress.update(
      done,
      running.size ? t('experiment.running', { runs: [...running].map((r) => `${r.condition}/${r.seed}`).join(' ') }) : '',
    );
  let failure: Failure | null = null;
  let stopped = false;
  const children = new Set<import('node:child_process').ChildProcess>();
  const onSignal = () => {
    stopped = true;
    for (const c of children) c.kill('SIGTERM');
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const queue = o.todo.slice();
  show();

  // the child writes straight to run.log, so a child left running after a SIGKILL of this process does not die on a broken pipe
  const step = (run: PlanRun, args: string[]): Promise<number | string> =>
    new Promise((resolve, reject) => {
      const fd = openSync(path.join(out, run.dir, 'run.log'), 'a');
      try {
        const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', fd, fd], env: { ...process.env, NO_COLOR: '1' } });
        children.add(child);
        child.once('error', reject);
        child.once('close', (code, signal) => {
          children.delete(child);
          resolve(code ?? signal ?? 'killed');
        });
      } finally {
        closeSync(fd);
      }
    });

  const planDigest = digestOf(planJson(plan));
  /** A run as a job for the workers: its tables come back and are written here, metrics.csv last. */
  const remoteOne = async (run: PlanRun, queue: RunQueue): Promise<void> => {
    const c = plan.conditions.find((x) => x.name === run.condition)!;
    const input = o.inputs.get(run.condition)!;
    const job = await runJob({
      condition: run.condition,
      seed: run.seed,
      ticks: plan.ticks,
      population: c.population,
      brain: c.brain,
      scenario: input.scenario,
      interventions: input.interventions,
      allowMixed: o.allowMixed,
    });
    try {
      const files = await queue.run(runJobId(planDigest, run.condition, run.seed), job);
      for (const f of RUN_FILES) await writeAtomic(path.join(out, run.dir, f), files[f]);
      done++;
    } catch (err) {
      if (!(err instanceof LocalizedError)) throw err;
      failure ??= { run, step: 'worker', code: '-', tail: t(err.key, err.params) };
    }
  };

  const one = async (run: PlanRun): Promise<void> => {
    if (o.remote) return remoteOne(run, o.remote);
    const data = path.join(out, run.dir, 'data');
    await mkdir(path.join(out, run.dir), { recursive: true });
    /** Whether another process held the world (and was waited for). */
    const waitForHolder = async (): Promise<boolean> => {
      let waited = false;
      for (let pid = await liveHolder(data); pid !== null && !stopped; pid = await liveHolder(data)) {
        if (!waited) progress.log(t('experiment.waiting', { pid, run: `${run.condition}/${run.seed}` }));
        waited = true;
        await new Promise((r) => setTimeout(r, 250));
      }
      return waited;
    };
    const c = plan.conditions.find((x) => x.name === run.condition)!;
    const input = o.inputs.get(run.condition)!;
    // one child per run: it writes its metrics tables when it stops (`run --metrics`, the same bytes as `metrics`)
    const runArgs = ['run', input.scenario, '--seed', String(run.seed), '--ticks', String(plan.ticks), '--data', data, '--quiet'];
    runArgs.push('--metrics', path.join(out, run.dir));
    if (input.interventions) runArgs.push('--interventions', input.interventions);
    if (c.population !== null) runArgs.push('--population', String(c.population));
    if (c.brain !== null) runArgs.push('--brain', c.brain);
    if (o.allowMixed) runArgs.push('--allow-mixed');
    // a child of an experiment killed earlier may still be writing this world: let it finish, then
    // continue it (it may also have taken the lock just after we looked: then wait and try again)
    const csv = path.join(out, run.dir, 'metrics.csv');
    const rows = async () => (await readFile(csv, 'utf8').catch(() => '')).split('\n').length - 2;
    let code: number | string = 0;
    for (let attempt = 0; attempt < 3; attempt++) {
      const waited = await waitForHolder();
      if (stopped) return;
      // the child waited for may have finished the run itself: it is not run again
      if (waited && (await rows()) >= plan.ticks) {
        done++;
        return;
      }
      code = await step(run, runArgs);
      if (code === 0 || (await liveHolder(data)) === null) break;
    }
    if (stopped) return;
    if (code !== 0) {
      const text = await readFile(path.join(out, run.dir, 'run.log'), 'utf8').catch(() => '');
      failure ??= { run, step: 'run', code, tail: text.trimEnd().split('\n').slice(-12).join('\n') };
      return;
    }
    // a `run` stopped by a signal of its own exits 0 short of the last tick: such a run is not finished
    const got = await rows();
    if (got < plan.ticks) {
      await rm(csv, { force: true });
      failure ??= { run, step: 'run', code: 0, tail: t('experiment.error.short_run', { rows: got, ticks: plan.ticks }) };
      return;
    }
    done++;
  };

  try {
    await Promise.all(
      Array.from({ length: Math.max(1, Math.min(o.jobs, queue.length)) }, async () => {
        for (let run = queue.shift(); run && !failure && !stopped; run = queue.shift()) {
          running.add(run);
          show();
          try {
            await one(run);
          } finally {
            running.delete(run);
            show();
          }
        }
      }),
    );
  } finally {
    progress.done();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  return stopped ? 'stopped' : failure;
}

/** summary.csv, contrasts.csv, series/<condition>.csv, report.html: the same finished runs always make the same bytes. */
async function writeResults(o: {
  t: T;
  lang: Lang;
  out: string;
  plan: Plan;
  runs: PlanRun[];
  scenarioName: string;
  baseline: string;
  reporters: Reporters;
  provenance: string[];
}): Promise<void> {
  const { t, out, plan } = o;
  const byCondition: ConditionRuns[] = [];
  for (const c of plan.conditions) {
    const mine = o.runs.filter((r) => r.condition === c.name);
    const runs = await Promise.all(mine.map((r) => readRun(out, r)));
    byCondition.push({ name: c.name, runs: runs.map((r) => withReporters(r, o.reporters)) });
  }
  const labels = labelsOf(byCondition.flatMap((c) => c.runs));
  const rows = summaryRows(byCondition);
  const summary = summaryCsv(byCondition);
  const contrasts = contrastsCsv(rows, o.baseline);
  await writeAtomic(path.join(out, 'summary.csv'), summary);
  await writeAtomic(path.join(out, 'contrasts.csv'), contrasts);
  const extra = [...o.reporters.keys()].map(reporterColumn);
  const series = byCondition.map((c) => ({ name: c.name, series: seriesOf(c, labelsOf(c.runs), extra) }));
  for (const s of series) await writeAtomic(path.join(out, 'series', `${s.name}.csv`), seriesCsv(s.series));
  const data = reportData({
    t,
    lang: o.lang,
    scenario: o.scenarioName,
    seeds: plan.seeds,
    ticks: plan.ticks,
    conditions: series,
    labels,
    summary,
    contrasts,
    baseline: o.baseline,
    extra,
    provenance: o.provenance,
  });
  await writeAtomic(path.join(out, 'report.html'), reportHtml(data, await uplot()));
}

/** uPlot's browser build and stylesheet, inlined so the report opens offline. */
async function uplot(): Promise<{ js: string; css: string }> {
  const require = createRequire(import.meta.url);
  const dist = path.dirname(require.resolve('uplot/dist/uPlot.iife.min.js'));
  return {
    js: await readFile(path.join(dist, 'uPlot.iife.min.js'), 'utf8'),
    css: await readFile(path.join(dist, 'uPlot.min.css'), 'utf8'),
  };
}

function printConditionsError(t: T, err: ConditionsError): void {
  process.stderr.write(t('experiment.error.conditions', { file: err.file, count: err.issues.length }) + '\n');
  for (const i of err.issues)
    process.stderr.write(`  ${i.file} ${i.path}: ${'text' in i.reason ? i.reason.text : t(i.reason.key, i.reason.params ?? {})}\n`);
}
