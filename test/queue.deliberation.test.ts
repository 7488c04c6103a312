/**
 * The BullMQ deliberation in one process, against the real Redis at REDIS_URL: same events as the
 * embedded pool, duplicated job ids, a wrong scenario, the shared rate limit.
 */
import { workerBackends } from '../adapters/cli/backends.ts';
import { Worker } from 'bullmq';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { perceive } from '../bots/perception.ts';
import { policyBrain } from '../bots/brains/policy/index.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { redisConnection } from '../adapters/queue/connection.ts';
import { queueDeliberation, type QueueDeliberation } from '../adapters/queue/deliberation.ts';
import { LocalizedError } from '../sim/i18n/errors.ts';
import { jobId } from '../adapters/queue/jobs.ts';
import { engineIdentity } from '../adapters/provenance/engine.ts';
import { type AstinusWorker, startWorker } from '../adapters/queue/worker.ts';
import type { Catalog } from '../sim/scenario/catalog.ts';
import { canonicalJson } from '../sim/lib/canonical.ts';
import { memoryStore } from '../adapters/store/memory.ts';
import { indexPlaces } from '../sim/state/place-index.ts';
import { World } from '../sim/world.ts';
import { describeWithRedis, dropQueue, REDIS_URL, uniqueQueue } from './helpers/redis.ts';
import { fresh, ROOT, shenzhen } from './helpers/world.ts';

const SCENARIO = `${ROOT}scenarios/shenzhen`;

await describeWithRedis('BullMQ deliberation (in process)', () => {
  let cat: Catalog;
  const queues: string[] = [];
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    cat = await shenzhen();
  });
  afterEach(async () => {
    for (const c of closers.splice(0).reverse()) await c();
  });
  afterAll(async () => {
    for (const q of queues) await dropQueue(q);
  });

  function queue(): string {
    const q = uniqueQueue();
    queues.push(q);
    return q;
  }
  function worker(q: string, extra: Partial<Parameters<typeof startWorker>[0]> = {}): AstinusWorker {
    const w = startWorker({ url: REDIS_URL, queue: q, ...workerBackends(), ...extra });
    closers.push(async () => {
      await w.close(1000);
    });
    return w;
  }
  async function delib(q: string, world = 'w', attempts?: number): Promise<QueueDeliberation> {
    const d = await queueDeliberation({
      url: REDIS_URL,
      queue: q,
      world,
      scenarioPath: SCENARIO,
      brain: 'policy',
      engine: 'rules',
      attempts,
    });
    closers.push(() => d.close());
    return d;
  }
  async function runWorld(ticks: number, deliberation?: QueueDeliberation): Promise<string[]> {
    const scenario = cat.scenario;
    const world = await World.open({
      scenario,
      seed: 11,
      population: null,
      store: memoryStore(),
      brain: policyBrain(),
      engine: ruleEngine(),
      deliberation,
    });
    const out: string[] = [];
    while (world.tick < ticks) out.push(canonicalJson(await world.step()));
    await world.close();
    return out;
  }
  const perceptions = (tick = 1) => {
    const state = fresh(cat, 3);
    const index = indexPlaces(cat, state);
    return Object.keys(state.actors)
      .slice(0, 6)
      .map((id) => perceive(cat, state, index, id, tick));
  };

  it('gives every tick exactly the events of the embedded pool, with two workers', async () => {
    const q = queue();
    worker(q);
    worker(q);
    const remote = await runWorld(12, await delib(q));
    const local = await runWorld(12);
    expect(remote.length).toBe(12);
    expect(remote).toEqual(local);
  });

  it('a duplicated job id is a no-op: nothing runs again, the first answer stands', async () => {
    const q = queue();
    const w = worker(q);
    let done = 0;
    w.worker.on('completed', () => {
      done++;
    });
    const d = await delib(q, 'dup');
    const ps = perceptions();
    const first = await d.decide(cat, ps, 3);
    // the coordinator hears of a finished job through Redis, possibly before the worker's own
    // 'completed' event has fired
    await vi.waitFor(() => expect(done).toBe(ps.length), { timeout: 90_000 });
    const again = await d.decide(cat, ps, 3);
    expect(again).toEqual(first);
    // the same id with other data: BullMQ keeps the existing job and its data
    const id = jobId('dup', 1, ps[0].self.id, 'decide');
    const before = await d.queue.getJob(id);
    await d.queue.add('decide', { kind: 'decide', bogus: true }, { jobId: id });
    const after = await d.queue.getJob(id);
    expect(after?.data).toEqual(before?.data);
    expect(after?.returnvalue).toEqual(before?.returnvalue);
    expect(after?.finishedOn).toBe(before?.finishedOn);
    expect(done).toBe(ps.length);
    expect(await d.queue.getJobCounts('completed')).toMatchObject({ completed: ps.length });
  });

  it('refuses a job for another content of the scenario, by name', async () => {
    const q = queue();
    worker(q);
    const d = await delib(q, 'hash', 1);
    const other = { ...cat, scenario: { ...cat.scenario, hash: 'not-this-pack' } } as Catalog;
    const err = await d.decide(other, perceptions().slice(0, 1), 3).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LocalizedError);
    expect(err).toMatchObject({ key: 'backends.queue.hash_mismatch', params: { wanted: 'not-this-pack', found: cat.scenario.hash } });
    // the failed job is gone: the same tick tried again (with the right pack) runs it afresh
    const [again] = await d.decide(cat, perceptions().slice(0, 1), 3);
    expect(again).toMatchObject({ ok: true });
  });

  it('a worker running another engine refuses the job at once, naming both engine hashes', async () => {
    const q = queue();
    const other = 'a'.repeat(64);
    let tries = 0;
    worker(q, { engineHash: other }).worker.on('failed', () => {
      tries++;
    });
    const d = await delib(q, 'engine', 3);
    const err = await d.decide(cat, perceptions().slice(0, 1), 3).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LocalizedError);
    expect(err).toMatchObject({
      key: 'provenance.worker_engine',
      params: { theirs: engineIdentity().sourceHash.slice(0, 12), ours: 'aaaaaaaaaaaa' },
    });
    // not retried (3 attempts were allowed): another attempt could only fail the same way
    await vi.waitFor(() => expect(tries).toBeGreaterThan(0), { timeout: 90_000 });
    expect(tries).toBe(1);
  });

  it('a brain answer that is not a call is parsed on the coordinator and judged invalid', async () => {
    const q = queue();
    const d = await delib(q, 'bad');
    const conn = redisConnection(REDIS_URL);
    closers.push(async () => {
      await conn.quit();
    });
    // a rogue worker answering garbage
    const rogue = new Worker(q, async () => ({ ok: true, value: { tool: 'fly', actor: 'x' } }), { connection: conn });
    closers.push(() => rogue.close());
    const [r] = await d.decide(cat, perceptions().slice(0, 1), 3);
    expect(r).toMatchObject({ ok: false });
  });

  it('the rate limit is shared by all workers of the queue', async () => {
    const q = queue();
    let done = 0;
    for (let i = 0; i < 2; i++)
      worker(q, { limiter: { max: 3, duration: 60_000 } }).worker.on('completed', () => {
        done++;
      });
    const d = await delib(q, 'rate');
    void d.decide(cat, perceptions(), 3).catch(() => {});
    while (done < 3) await new Promise((r) => setTimeout(r, 50));
    // give both workers every chance to take more: within the window they may not
    await new Promise((r) => setTimeout(r, 1500));
    expect(done).toBe(3);
    const counts = await d.queue.getJobCounts('completed', 'active');
    expect(counts.completed).toBe(3);
    expect(counts.active).toBe(0);
  });
});
