import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Job, Queue, QueueEvents, UnrecoverableError, Worker } from 'bullmq';
import { z } from 'zod';
import { LocalizedError } from '../../sim/i18n/errors.ts';
import type { Logger } from '../../sim/log.ts';
import { PACK_FILES } from '../../sim/model/scenario.ts';
import { INK_FILE, inkFileOf } from '../../sim/scenario/ink.ts';
import { redisConnection } from '../queue/connection.ts';
import { engineIdentity, shortHash } from '../provenance/engine.ts';

/**
 * Runs of an experiment as BullMQ jobs (when REDIS_URL is set): the coordinator (`astinus
 * experiment`) adds one job per unfinished run; any `astinus worker`, on any machine, takes it,
 * runs `run` and `metrics` as child processes in a folder of its own, and returns the tables; the
 * coordinator writes them into DIR/runs/<condition>/<seed>/ (metrics.csv last, so a run is finished
 * exactly when it would be locally). A job carries the pack's files and the interventions, so a
 * worker needs no copy of the condition's pack; its id is the plan's digest with the run, so a
 * resumed coordinator finds the job of a run already done or in progress instead of adding another.
 */

/** The files a finished run hands back, in the order they are written (metrics.csv last). */
export const RUN_FILES = ['metrics.jsonl', 'diffusion.csv', 'facts.csv', 'spread.csv', 'health.json', 'metrics.csv'] as const;

export const RunJob = z.object({
  kind: z.literal('experiment_run'),
  condition: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/),
  seed: z.number().int().min(0),
  ticks: z.number().int().min(1),
  population: z.number().int().min(1).nullable(),
  brain: z.enum(['policy', 'llm', 'hybrid']).nullable(),
  /** pack file name -> its text; a pack's optional files may be absent (zod's record over an enum would want every one) */
  pack: z.partialRecord(z.enum(Object.keys(PACK_FILES) as [string, ...string[]]), z.string()),
  interventions: z.string().nullable(),
  /** the story's ink file, named by story.json (a plain file name) */
  ink: z
    .object({ name: z.string().regex(INK_FILE), text: z.string() })
    .strict()
    .nullable()
    .optional(),
  /** the coordinator's engine (adapters/provenance): a worker running other code refuses the run, unless mixing was allowed */
  engine: z.string(),
  allowMixed: z.boolean().optional(),
});
export type RunJob = z.infer<typeof RunJob>;
const RunResult = z.object({ files: z.record(z.enum(RUN_FILES), z.string()) });

/** The experiment runs' queue: next to the deliberation queue, never mixed with it. */
export const runQueueName = (base: string) => `${base}-experiment`;

/** A job id: BullMQ refuses ':' in custom ids. */
export function runJobId(planDigest: string, condition: string, seed: number): string {
  return ['run', planDigest, condition, String(seed)].map(encodeURIComponent).join('/');
}
export const digestOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** The job of one run: the pack's files as they are on disk, the interventions file's text. */
export async function runJob(o: {
  condition: string;
  seed: number;
  ticks: number;
  population: number | null;
  brain: RunJob['brain'];
  scenario: string;
  interventions: string | null;
  allowMixed?: boolean;
}): Promise<RunJob> {
  const pack: Record<string, string> = {};
  for (const f of Object.keys(PACK_FILES)) {
    const text = await readFile(path.join(o.scenario, f), 'utf8').catch(() => null);
    if (text !== null) pack[f] = text;
  }
  const inkName = await inkFileOf(o.scenario);
  const inkText = inkName && (await readFile(path.join(o.scenario, inkName), 'utf8').catch(() => null));
  return {
    kind: 'experiment_run',
    condition: o.condition,
    seed: o.seed,
    ticks: o.ticks,
    population: o.population,
    brain: o.brain,
    pack,
    ink: inkName && inkText !== null ? { name: inkName, text: inkText } : null,
    interventions: o.interventions === null ? null : await readFile(o.interventions, 'utf8'),
    engine: engineIdentity().sourceHash,
    ...(o.allowMixed ? { allowMixed: true } : {}),
  };
}

/** The coordinator's side: add a run's job (or find it) and wait for its tables. */
export class RunQueue {
  private readonly queue: Queue;
  private readonly events: QueueEvents;
  private readonly conn;

  constructor(url: string, name: string) {
    this.conn = [redisConnection(url), redisConnection(url)];
    for (const c of this.conn) c.on('error', () => {});
    this.queue = new Queue(name, { connection: this.conn[0] });
    this.events = new QueueEvents(name, { connection: this.conn[1] });
  }

  /** The run's files; throws LocalizedError('experiment.error.remote_failed') when its job failed. */
  async run(id: string, data: RunJob): Promise<Record<(typeof RUN_FILES)[number], string>> {
    await this.events.waitUntilReady();
    let job = await Job.fromId(this.queue, id);
    // a job that failed in an earlier attempt of the experiment is tried again, not reported again
    if (job && (await job.isFailed())) {
      await job.remove();
      job = undefined;
    }
    job ??= await this.queue.add('experiment_run', data, {
      jobId: id,
      attempts: 2,
      removeOnComplete: { age: 7 * 24 * 3600 },
      removeOnFail: false,
    });
    let value: unknown;
    try {
      value = await job.waitUntilFinished(this.events);
    } catch (err) {
      // a worker's own refusal (another engine, a bad job) is said as itself; anything else as a failed run
      throw LocalizedError.fromReason((err as Error).message, 'experiment.error.remote_failed');
    }
    const parsed = RunResult.safeParse(value);
    if (!parsed.success) throw new LocalizedError('experiment.error.remote_failed', { detail: parsed.error.issues[0]?.message ?? '' });
    return parsed.data.files as Record<(typeof RUN_FILES)[number], string>;
  }

  async close(): Promise<void> {
    await this.events.close().catch(() => {});
    await this.queue.close().catch(() => {});
    for (const c of this.conn) c.disconnect();
  }
}

const BIN = fileURLToPath(new URL('../../bin/astinus.mjs', import.meta.url));

/**
 * The worker's side (started by `astinus worker`): each job runs in <tmp>/astinus-runs/<job digest>/,
 * so a job taken back after this worker was killed continues the same world when it lands here
 * again. The children deliberate in process: REDIS_URL is not passed on to them.
 */
export function startRunWorker(o: {
  url: string;
  queue: string;
  concurrency: number;
  log?: Logger;
  name?: string;
  /** this worker's engine, for tests that play another (default: the running code's) */
  engineHash?: string;
}): {
  worker: Worker;
  close(): Promise<void>;
} {
  const processor = async (job: Job): Promise<z.infer<typeof RunResult>> => {
    const parsed = RunJob.safeParse(job.data);
    if (!parsed.success) throw new LocalizedError('backends.queue.bad_job', { job: job.id, detail: parsed.error.issues[0]?.message });
    const d = parsed.data;
    // a run by other code would mix two engines in one experiment: refused at once, not retried
    const ours = o.engineHash ?? engineIdentity().sourceHash;
    if (d.engine !== ours && !d.allowMixed)
      throw new UnrecoverableError(
        new LocalizedError('provenance.worker_engine', { job: job.id, theirs: shortHash(d.engine), ours: shortHash(ours) }).message,
      );
    const dir = path.join(tmpdir(), 'astinus-runs', digestOf(String(job.id)));
    const pack = path.join(dir, 'scenario');
    await mkdir(pack, { recursive: true });
    for (const [f, text] of Object.entries(d.pack)) if (text !== undefined) await writeFile(path.join(pack, f), text);
    if (d.ink) await writeFile(path.join(pack, d.ink.name), d.ink.text);
    const runArgs = ['run', pack, '--seed', String(d.seed), '--ticks', String(d.ticks), '--data', path.join(dir, 'data'), '--quiet'];
    if (d.interventions !== null) {
      await writeFile(path.join(dir, 'interventions.json'), d.interventions);
      runArgs.push('--interventions', path.join(dir, 'interventions.json'));
    }
    if (d.population !== null) runArgs.push('--population', String(d.population));
    if (d.brain !== null) runArgs.push('--brain', d.brain);
    const out = path.join(dir, 'out');
    for (const args of [runArgs, ['metrics', path.join(dir, 'data'), '--out', out, '--scenario', pack]]) {
      const code = await child(args, path.join(dir, 'run.log'));
      if (code !== 0) {
        const log = await readFile(path.join(dir, 'run.log'), 'utf8').catch(() => '');
        throw new Error(`${args[0]} exited ${code}: ${log.trimEnd().split('\n').slice(-8).join('\n')}`);
      }
    }
    const files = {} as Record<(typeof RUN_FILES)[number], string>;
    for (const f of RUN_FILES) files[f] = await readFile(path.join(out, f), 'utf8');
    await rm(dir, { recursive: true, force: true });
    return { files };
  };
  const connection = redisConnection(o.url);
  connection.on('error', (err) => o.log?.warn({ err: err.message }, 'redis'));
  // a run takes minutes: a long lock, renewed by BullMQ while the job is in progress
  const worker = new Worker(o.queue, processor, {
    connection,
    concurrency: o.concurrency,
    name: o.name ?? `${hostname()}:${process.pid}`,
    lockDuration: 60_000,
  });
  worker.on('error', (err) => o.log?.warn({ err: err.message }, 'experiment worker error'));
  worker.on('failed', (job, err) => o.log?.warn({ job: job?.id, err: err.message }, 'experiment run failed'));
  return {
    worker,
    /** At once: a run in progress is left to BullMQ, which gives it to a worker again once its lock expires. */
    async close() {
      await worker.close(true).catch(() => {});
      connection.disconnect();
    },
  };
}

function child(args: string[], log: string): Promise<number | string> {
  return new Promise((resolve, reject) => {
    const fd = openSync(log, 'a');
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
      delete env.REDIS_URL;
      const c = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', fd, fd], env });
      c.once('error', reject);
      c.once('close', (code, signal) => resolve(code ?? signal ?? 'killed'));
    } finally {
      closeSync(fd);
    }
  });
}
