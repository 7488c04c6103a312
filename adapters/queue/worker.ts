import { hostname } from 'node:os';
import path from 'node:path';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import type { Perception } from '../../bots/perception.ts';
import type { Logger } from '../../sim/log.ts';
import type { ToolCall } from '../../sim/model/tools.ts';
import { buildCatalog, type Catalog } from '../../sim/scenario/catalog.ts';
import { loadScenario } from '../../sim/scenario/load.ts';
import type { Slice } from '../../world-engine/types.ts';
import type { Brain } from '../../bots/brains/types.ts';
import type { WorldEngine } from '../../world-engine/types.ts';
import type { Lang } from '../../sim/model/text.ts';
import { redisConnection } from './connection.ts';
import { LocalizedError } from '../../sim/i18n/errors.ts';
import { JobData, type JobResult } from './jobs.ts';
import { own } from '../../sim/model/ids.ts';
import { engineIdentity, shortHash } from '../provenance/engine.ts';

export interface WorkerOptions {
  url: string;
  queue: string;
  /** jobs in flight in this process */
  concurrency?: number;
  /** the rate limit shared by every worker of the queue: at most `max` jobs per `duration` ms */
  limiter?: { max: number; duration: number };
  /** how long a job's lock lasts without renewal; a worker silent that long has stalled */
  lockDuration?: number;
  /** how often this worker looks for stalled jobs to take back */
  stalledInterval?: number;
  maxStalledCount?: number;
  /** slow every job down by this many ms (for watching, and for tests of a worker killed mid-tick) */
  jobDelay?: number;
  /** this worker's name in Redis (shown by BullMQ as the job's processedBy); default host:pid */
  name?: string;
  /** where relative scenario paths in jobs are resolved (default: the working directory) */
  root?: string;
  /** the brains and engines a job may name, each made in the job's language (adapters/cli/backends.ts builds them) */
  brains: Record<string, (lang: Lang) => Brain>;
  engines: Record<string, (lang: Lang) => WorldEngine>;
  log?: Logger;
  /** this worker's engine source hash (default: its checkout's, adapters/provenance); jobs from another are refused */
  engineHash?: string;
}

export interface AstinusWorker {
  readonly worker: Worker;
  /**
   * Stop taking jobs and let the ones in flight finish for at most `graceMs`. Resolves true when
   * they did; false when some were given up (their locks expire and another worker takes them
   * over): the process should then exit, since their work may still hold it open.
   */
  close(graceMs?: number): Promise<boolean>;
}

/**
 * A worker process's engine room: takes decide and resolve jobs, runs the named brain or World
 * Engine on the plain data the job carries, returns the raw answer (the coordinator parses and
 * judges it). The scenario's catalog is loaded once per content hash; a job for a different
 * content than what this worker finds at the path is refused.
 */
export function startWorker(o: WorkerOptions): AstinusWorker {
  const catalogs = new Map<string, Promise<Catalog>>();
  const brains = new Map<string, Brain>();
  const engines = new Map<string, WorldEngine>();
  const engineHash = o.engineHash ?? engineIdentity().sourceHash;

  const catalog = (ref: { path: string; hash: string }): Promise<Catalog> => {
    const key = `${ref.hash}\n${ref.path}`;
    let c = catalogs.get(key);
    if (!c) {
      const dir = path.resolve(o.root ?? process.cwd(), ref.path);
      c = loadScenario(dir).then((s) => {
        if (s.hash !== ref.hash) throw new LocalizedError('backends.queue.hash_mismatch', { path: dir, found: s.hash, wanted: ref.hash });
        return buildCatalog(s);
      });
      catalogs.set(key, c);
      // a failure is not cached: the pack may be fixed or deployed in the meantime
      c.catch(() => catalogs.delete(key));
    }
    return c;
  };

  const processor = async (job: Job): Promise<JobResult> => {
    const parsed = JobData.safeParse(job.data);
    if (!parsed.success) throw new LocalizedError('backends.queue.bad_job', { job: job.id, detail: parsed.error.issues[0]?.message });
    const data = parsed.data;
    // another engine's answer would mix two engines in one world: refused at once, not retried
    if (data.engineHash !== engineHash)
      throw new UnrecoverableError(
        new LocalizedError('provenance.worker_engine', { job: job.id, theirs: shortHash(data.engineHash), ours: shortHash(engineHash) })
          .message,
      );
    const cat = await catalog(data.scenario);
    if (o.jobDelay) await new Promise((done) => setTimeout(done, o.jobDelay));
    // a tick's jobs arrive in a burst: one turn of the event loop before each job's work lets the
    // requests of the jobs before it go out, instead of all waiting until every prompt is built
    await new Promise<void>((done) => setImmediate(done));
    try {
      if (data.kind === 'decide') {
        const make = own(o.brains, data.brain);
        if (!make) throw new LocalizedError('backends.queue.unknown_brain', { name: data.brain });
        const key = `${data.brain}/${data.lang}`;
        const brain = brains.get(key) ?? brains.set(key, make(data.lang)).get(key)!;
        const value = await brain.decide(cat, data.perception as unknown as Perception, data.seed);
        return { ok: true, value: value ?? null };
      }
      const make = own(o.engines, data.engine);
      if (!make) throw new LocalizedError('backends.queue.unknown_engine', { name: data.engine });
      const key = `${data.engine}/${data.lang}`;
      const engine = engines.get(key) ?? engines.set(key, make(data.lang)).get(key)!;
      const value = await engine.resolve(cat, data.slice as unknown as Slice, data.call as unknown as ToolCall);
      return { ok: true, value };
    } catch (err) {
      // trouble with the job fails it (and it is retried); a brain or engine that throws has answered
      if (err instanceof LocalizedError) throw err;
      o.log?.warn({ job: job.id, err: (err as Error).message }, 'backend threw');
      return { ok: false, error: (err as Error).message };
    }
  };

  const connection = redisConnection(o.url);
  connection.on('error', (err) => o.log?.warn({ err: err.message }, 'redis'));
  const worker = new Worker(o.queue, processor, {
    connection,
    name: o.name ?? `${hostname()}:${process.pid}`,
    concurrency: o.concurrency ?? 16,
    limiter: o.limiter,
    lockDuration: o.lockDuration ?? 30_000,
    stalledInterval: o.stalledInterval ?? 30_000,
    maxStalledCount: o.maxStalledCount ?? 3,
  });
  worker.on('error', (err) => o.log?.warn({ err: err.message }, 'worker error'));
  worker.on('failed', (job, err) => o.log?.warn({ job: job?.id, err: err.message }, 'job failed'));
  worker.on('completed', (job) => o.log?.debug({ job: job.id }, 'job done'));

  return {
    worker,
    async close(graceMs = 10_000) {
      let timer: NodeJS.Timeout | undefined;
      const graceful = worker.close();
      const timedOut = await Promise.race([
        graceful.then(() => false),
        new Promise<boolean>((done) => {
          timer = setTimeout(() => done(true), graceMs);
        }),
      ]);
      clearTimeout(timer);
      // past the grace period the jobs in flight are abandoned: their locks expire and another worker takes them
      if (timedOut) {
        void graceful.catch(() => {});
        connection.disconnect();
        return false;
      }
      await connection.quit().catch(() => connection.disconnect());
      return true;
    },
  };
}
