import { type Job, type JobsOptions, Queue, QueueEvents } from 'bullmq';
import type { Perception } from '../../bots/perception.ts';
import type { Slice, WorldEngine } from '../../world-engine/types.ts';
import type { Outcome } from '../../sim/judge/judge.ts';
import { Consequence } from '../../sim/model/consequence.ts';
import type { ToolCall } from '../../sim/model/tools.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { Lang } from '../../sim/model/text.ts';
import { type Decision, type Deliberation, localResolve, type DryRun, readDecision } from '../../sim/tick/deliberation.ts';
import { redisConnection } from './connection.ts';
import { LocalizedError } from '../../sim/i18n/errors.ts';
import { type JobData, jobId, JobResult } from './jobs.ts';
import { engineIdentity } from '../provenance/engine.ts';

export interface QueueDeliberationOptions {
  /** Redis, e.g. redis://127.0.0.1:6379 */
  url: string;
  /** the BullMQ queue's name (the workers must use the same) */
  queue: string;
  /** names the world in job ids: same world key, tick and actor means the same job */
  world: string;
  /** the scenario folder as the workers will find it (relative to their working directory, or absolute) */
  scenarioPath: string;
  brain: string;
  engine: string;
  /** the run's language, for a language model's prompts on the workers (default en) */
  lang?: Lang;
  /** attempts per job before the tick gives up (a failing job is trouble with the job, not an answer) */
  attempts?: number;
  /**
   * Resolve on the coordinator with this engine instead of through the queue: for a model-free
   * engine (the rules), whose work is far cheaper than a job's round trip through Redis.
   */
  resolveHere?: WorldEngine;
  /** this engine's source hash, sent with every job (default: this checkout's, adapters/provenance) */
  engineHash?: string;
}

/**
 * Jobs are added in chunks of this many: workers start on the first while the rest are being
 * added, instead of waiting for the whole tick's jobs to be written.
 */
const ADD_CHUNK = 32;

export interface QueueDeliberation extends Deliberation {
  /** the underlying queue, for counts and tests */
  readonly queue: Queue;
  /**
   * Stop waiting (a signal to the coordinator): the decide or resolve in progress, and any later
   * one, rejects with LocalizedError('backends.queue.aborted'). Nothing of the tick is committed.
   */
  abort(): void;
  close(): Promise<void>;
}

/**
 * Deliberation by BullMQ workers: one job per due actor (decide) and per call (resolve, unless
 * `resolveHere` resolves on the coordinator), with deterministic ids, results returned in input
 * order. Everything that comes back is parsed here with zod, whatever the brain claims: a worker's
 * output is untrusted. The coordinator stays the only writer; workers only compute.
 */
export async function queueDeliberation(o: QueueDeliberationOptions): Promise<QueueDeliberation> {
  const conns = [redisConnection(o.url), redisConnection(o.url)];
  for (const c of conns) c.on('error', () => {});
  const queue = new Queue(o.queue, { connection: conns[0] });
  const events = new QueueEvents(o.queue, { connection: conns[1] });
  events.setMaxListeners(0);
  queue.setMaxListeners(0);
  queue.on('error', () => {});
  events.on('error', () => {});
  await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
  const opts: JobsOptions = {
    attempts: o.attempts ?? 3,
    backoff: { type: 'fixed', delay: 500 },
    // kept a while so a re-added id (a coordinator restarted mid-tick) finds its answer
    removeOnComplete: { age: 3600 },
    // a failed job is gone at once, so a later attempt at the tick (workers fixed) adds it afresh
    removeOnFail: true,
  };

  let aborted: LocalizedError | null = null;
  let abortNow: (err: LocalizedError) => void = () => {};
  const abortion = new Promise<never>((_, reject) => {
    abortNow = reject;
  });
  abortion.catch(() => {});

  async function run(jobs: { id: string; data: JobData }[]): Promise<JobResult[]> {
    if (aborted) throw aborted;
    if (!jobs.length) return [];
    return Promise.race([abortion, wait(jobs)]);
  }

  async function wait(jobs: { id: string; data: JobData }[]): Promise<JobResult[]> {
    const results: Promise<JobResult>[] = [];
    for (let i = 0; i < jobs.length; i += ADD_CHUNK) {
      const added = await queue.addBulk(
        jobs.slice(i, i + ADD_CHUNK).map((j) => ({ name: j.data.kind, data: j.data, opts: { ...opts, jobId: j.id } })),
      );
      for (const job of added) {
        const r = finished(job);
        // a job may fail while later chunks are still being added: Promise.all below reports it
        r.catch(() => {});
        results.push(r);
      }
    }
    return Promise.all(results);
  }

  async function finished(job: Job): Promise<JobResult> {
    let raw: unknown;
    try {
      raw = await job.waitUntilFinished(events);
    } catch (err) {
      throw LocalizedError.fromReason((err as Error).message, 'backends.queue.job_failed', { job: job.id });
    }
    const parsed = JobResult.safeParse(raw);
    return parsed.success ? parsed.data : { ok: false as const, error: parsed.error.issues[0]?.message ?? 'invalid job result' };
  }

  const resolveHere = o.resolveHere ? localResolve(o.resolveHere) : null;

  const scenario = (cat: Catalog) => ({ path: o.scenarioPath, hash: cat.scenario.hash });
  const engineHash = o.engineHash ?? engineIdentity().sourceHash;
  const lang = o.lang ?? 'en';

  return {
    queue,
    async decide(cat: Catalog, perceptions: Perception[], seed: number): Promise<Decision[]> {
      const results = await run(
        perceptions.map((p) => ({
          id: jobId(o.world, p.tick, p.self.id, 'decide', !!p.answering),
          data: {
            kind: 'decide',
            scenario: scenario(cat),
            engineHash,
            brain: o.brain,
            lang,
            seed,
            perception: p as unknown as Record<string, unknown>,
          },
        })),
      );
      // the call, and the argument beside it, parsed as any brain's (a worker's output is untrusted)
      return results.map((r): Decision => (r.ok ? readDecision(r.value) : { ok: false, error: r.error }));
    },
    async resolve(cat: Catalog, work: { slice: Slice; call: ToolCall }[], verify?: DryRun): Promise<Outcome[]> {
      if (resolveHere) {
        if (aborted) throw aborted;
        return resolveHere(cat, work, verify);
      }
      const results = await run(
        work.map(({ slice, call }) => ({
          id: jobId(o.world, slice.tick, call.actor, 'resolve', call.id.endsWith(':answer')),
          data: {
            kind: 'resolve',
            scenario: scenario(cat),
            engineHash,
            engine: o.engine,
            lang,
            slice: slice as unknown as Record<string, unknown>,
            call: call as unknown as Record<string, unknown>,
          },
        })),
      );
      return results.map((r): Outcome => {
        if (!r.ok) return { ok: false, error: r.error };
        const c = Consequence.safeParse(r.value);
        return c.success ? { ok: true, consequence: c.data } : { ok: false, error: c.error.issues[0]?.message ?? 'invalid consequence' };
      });
    },
    abort() {
      aborted ??= new LocalizedError('backends.queue.aborted', { queue: o.queue });
      abortNow(aborted);
    },
    async close() {
      await events.close();
      await queue.close();
      await Promise.all(conns.map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}
