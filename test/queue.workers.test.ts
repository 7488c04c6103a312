/**
 * `astinus worker` processes and an `astinus run` coordinator on the real Redis at REDIS_URL, as
 * people deploy them: two workers give the embedded run's export byte for byte; a worker SIGKILLed
 * mid-tick loses nothing (its jobs are taken back as stalled); SIGTERM stops a worker gracefully.
 */
import type { ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Queue, QueueEvents } from 'bullmq';
import { afterAll, expect, it } from 'vitest';
import { perceive } from '../bots/perception.ts';
import { redisConnection } from '../adapters/queue/connection.ts';
import { queueDeliberation } from '../adapters/queue/deliberation.ts';
import { indexPlaces } from '../sim/state/place-index.ts';
import { astinus, type CliResult, exportBytes, finished, removeDir, spawnAstinus, tempDir } from './helpers/cli.ts';
import { astinusHere } from './helpers/inproc.ts';
import { describeWithRedis, dropQueue, REDIS_URL, uniqueQueue } from './helpers/redis.ts';
import { answers, startOpenAiServer } from './helpers/openai-server.ts';
import { fresh, shenzhen } from './helpers/world.ts';

const SCENARIO = 'scenarios/shenzhen';
const LONG = 120_000;

await describeWithRedis('BullMQ workers (processes)', () => {
  const dirs: string[] = [];
  const queues: string[] = [];
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    for (const q of queues) await dropQueue(q);
    await Promise.all(dirs.map(removeDir));
  });
  async function scratch(): Promise<string> {
    const d = await tempDir('astinus-queue-');
    dirs.push(d);
    return d;
  }
  function queue(): string {
    const q = uniqueQueue();
    queues.push(q);
    return q;
  }
  const env = (q: string) => ({ REDIS_URL, ASTINUS_QUEUE: q });

  /** Start `astinus worker` and wait until it says it is ready; `done` resolves when it exits. */
  async function startWorker(q: string, ...flags: string[]): Promise<{ child: ChildProcess; done: Promise<CliResult> }> {
    return startWorkerWith(env(q), ...flags);
  }
  async function startWorkerWith(
    workerEnv: Record<string, string>,
    ...flags: string[]
  ): Promise<{ child: ChildProcess; done: Promise<CliResult> }> {
    const child = spawnAstinus(['worker', ...flags], { env: workerEnv });
    children.push(child);
    const done = finished(child);
    await new Promise<void>((ready, fail) => {
      let err = '';
      child.stderr!.on('data', (b: Buffer) => {
        err += b.toString();
        if (err.includes('Worker ready')) ready();
      });
      child.once('exit', (code) => fail(new Error(`worker exited ${code} before it was ready: ${err}`)));
    });
    return { child, done };
  }

  const runArgs = (ticks: number, seed: number, data: string) => [
    'run',
    SCENARIO,
    '--ticks',
    String(ticks),
    '--seed',
    String(seed),
    '--data',
    data,
    '--quiet',
  ];

  it(
    'two workers and a coordinator export byte-identical to the embedded run',
    async () => {
      const q = queue();
      const [embedded, queued] = [await scratch(), await scratch()];
      const w1 = await startWorker(q);
      const w2 = await startWorker(q);
      const local = await astinusHere(runArgs(40, 9, embedded));
      expect(local.code).toBe(0);
      const remote = await astinus(runArgs(40, 9, queued), { env: env(q) });
      expect(remote.stderr).toContain(q);
      expect(remote.code).toBe(0);
      const a = await exportBytes(embedded);
      const b = await exportBytes(queued);
      expect(b.length).toBeGreaterThan(1000);
      expect(b.equals(a)).toBe(true);
      // checks were rolled on the way (the Judge's dice, whichever process decided)
      expect(b.toString('utf8')).toContain('"type":"check_rolled"');
      // both workers served, and SIGTERM stops each one cleanly
      w1.child.kill('SIGTERM');
      w2.child.kill('SIGTERM');
      for (const w of [await w1.done, await w2.done]) {
        expect(w.code).toBe(0);
        expect(w.stderr).toContain('Worker stopped.');
      }
    },
    LONG,
  );

  it(
    "a worker prompts the model in the coordinator's language, whatever its own",
    async () => {
      const model = await startOpenAiServer(() => answers.tool('express', { channel: 'self_talk', content: { text: '...' } }));
      try {
        const q = queue();
        const llmEnv = {
          ...env(q),
          OPENAI_BASE_URL: model.url,
          OPENAI_API_KEY: 'test',
          ASTINUS_MODEL: 'test-model',
          ASTINUS_LLM_RETRIES: '0',
        };
        const w = await startWorkerWith(llmEnv, '--lang', 'en');
        const systemPrompts = async (lang: string) => {
          model.reset();
          const run = await astinus(
            ['run', SCENARIO, '--ticks', '1', '--brain', 'llm', '--lang', lang, '--data', await scratch(), '--quiet'],
            { env: llmEnv },
          );
          expect(run.code).toBe(0);
          expect(model.requests.length).toBeGreaterThan(0);
          return model.requests.map((r) => r.body.messages[0].content ?? '');
        };
        const cjk = /[\u4e00-\u9fff]/;
        for (const p of await systemPrompts('cn')) expect(p).toMatch(cjk);
        // the persona is in the world's own words, so only the rules are checked for English
        for (const p of await systemPrompts('en')) expect(p.split('\n')[0]).not.toMatch(cjk);
        w.child.kill('SIGTERM');
        expect((await w.done).code).toBe(0);
      } finally {
        await model.close();
      }
    },
    LONG,
  );

  it(
    'a worker SIGKILLed mid-tick: its jobs are recovered as stalled, every tick commits once, the export is unchanged',
    async () => {
      const q = queue();
      const [embedded, queued] = [await scratch(), await scratch()];
      const slow = ['--job-delay', '100', '--lock-ms', '1000', '--stalled-ms', '300', '--concurrency', '4'];
      const victimName = `victim-${q}`;
      const victim = await startWorker(q, ...slow, '--name', victimName);
      const survivor = await startWorker(q, ...slow);
      const events = new QueueEvents(q, { connection: redisConnection(REDIS_URL) });
      let active = 0;
      let stalled = 0;
      events.on('active', () => {
        active++;
      });
      events.on('stalled', () => {
        stalled++;
      });
      await events.waitUntilReady();
      try {
        const ticks = 8;
        const coordinator = spawnAstinus(runArgs(ticks, 4, queued), { env: env(q) });
        children.push(coordinator);
        const run = finished(coordinator);
        // well into the run, while the victim holds a job: kill it without warning
        const watch = new Queue(q, { connection: redisConnection(REDIS_URL) });
        try {
          const holds = async () => (await watch.getActive()).some((j) => j.processedBy === victimName);
          while (coordinator.exitCode === null && (active < 40 || !(await holds()))) await new Promise((r) => setTimeout(r, 10));
        } finally {
          await watch.close();
        }
        expect(coordinator.exitCode).toBeNull();
        victim.child.kill('SIGKILL');
        const killed = await victim.done;
        expect(killed.signal).toBe('SIGKILL');
        const r = await run;
        expect(r.stderr).not.toMatch(/failed|Error/);
        expect(r.code).toBe(0);
        expect(stalled).toBeGreaterThan(0);
        expect((await astinusHere(runArgs(ticks, 4, embedded))).code).toBe(0);
        const a = await exportBytes(embedded);
        const b = await exportBytes(queued);
        expect(b.equals(a)).toBe(true);
        // every tick committed exactly once: one tick_summary per tick, ticks 0..N-1 in order
        const summaries = b
          .toString('utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l))
          .filter((e) => e.type === 'tick_summary')
          .map((e) => e.tick);
        expect(summaries).toEqual(Array.from({ length: ticks }, (_, i) => i));
        survivor.child.kill('SIGTERM');
        expect((await survivor.done).code).toBe(0);
      } finally {
        await events.close();
      }
    },
    LONG,
  );

  it(
    'a coordinator SIGKILLed mid-run and started again continues to the same export (re-added job ids find their answers)',
    async () => {
      const q = queue();
      const [embedded, queued] = [await scratch(), await scratch()];
      const w = await startWorker(q, '--job-delay', '5');
      const ticks = 20;
      const first = spawnAstinus(runArgs(ticks, 6, queued), { env: env(q) });
      children.push(first);
      const firstDone = finished(first);
      const log = path.join(queued, 'events.log');
      const lines = async () => (await readFile(log, 'utf8').catch(() => '')).split('\n').length - 1;
      while (first.exitCode === null && (await lines()) < 5) await new Promise((r) => setTimeout(r, 20));
      expect(first.exitCode).toBeNull();
      first.kill('SIGKILL');
      expect((await firstDone).signal).toBe('SIGKILL');
      const again = await astinus(runArgs(ticks, 6, queued), { env: env(q) });
      expect(again.code).toBe(0);
      expect(again.stderr).toMatch(/resum|continu/i);
      expect((await astinusHere(runArgs(ticks, 6, embedded))).code).toBe(0);
      expect((await exportBytes(queued)).equals(await exportBytes(embedded))).toBe(true);
      w.child.kill('SIGTERM');
      expect((await w.done).code).toBe(0);
    },
    LONG,
  );

  it(
    'a coordinator waiting for workers that never come stops on SIGTERM, committing nothing',
    async () => {
      const q = queue();
      const data = await scratch();
      const child = spawnAstinus(runArgs(5, 1, data), { env: env(q) });
      children.push(child);
      const done = finished(child);
      let err = '';
      child.stderr!.on('data', (b: Buffer) => {
        err += b.toString();
      });
      // the first tick's jobs wait in the queue: the coordinator is inside the tick
      const watch = new Queue(q, { connection: redisConnection(REDIS_URL) });
      try {
        while (child.exitCode === null && (await watch.getJobCounts('wait')).wait === 0) await new Promise((r) => setTimeout(r, 20));
      } finally {
        await watch.close();
      }
      expect(err).toContain('No worker is connected');
      child.kill('SIGTERM');
      const r = await done;
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('the tick in progress was not committed');
      expect((await readFile(path.join(data, 'events.log'), 'utf8').catch(() => '')).length).toBe(0);
    },
    LONG,
  );

  it(
    'SIGTERM during a long job: the worker stops within its grace period and exits 0',
    async () => {
      const q = queue();
      const w = await startWorker(q, '--job-delay', '60000', '--grace-ms', '300');
      const cat = await shenzhen();
      const state = fresh(cat, 1);
      const id = Object.keys(state.actors)[0];
      const d = await queueDeliberation({
        url: REDIS_URL,
        queue: q,
        world: 'term',
        scenarioPath: SCENARIO,
        brain: 'policy',
        engine: 'rules',
      });
      try {
        const pending = d.decide(cat, [perceive(cat, state, indexPlaces(cat, state), id, 1)], 1).catch(() => null);
        while ((await d.queue.getJobCounts('active')).active === 0) await new Promise((r) => setTimeout(r, 20));
        w.child.kill('SIGTERM');
        const r = await w.done;
        expect(r.code).toBe(0);
        expect(r.stderr).toContain('SIGTERM');
        expect(r.stderr).toContain('Worker stopped.');
        void pending;
      } finally {
        await d.close();
      }
    },
    LONG,
  );
});

it(
  'with REDIS_URL pointing nowhere, astinus run and astinus worker say so plainly and exit 1',
  async () => {
    const nowhere = { REDIS_URL: 'redis://127.0.0.1:1' };
    const dir = await tempDir('astinus-queue-');
    try {
      const run = await astinus(['run', SCENARIO, '--ticks', '3', '--data', dir, '--quiet'], { env: nowhere });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('Redis is not reachable at redis://127.0.0.1:1');
      const worker = await astinus(['worker', '--lang', 'cn'], { env: nowhere });
      expect(worker.code).toBe(1);
      expect(worker.stderr).toContain('无法连接 Redis');
    } finally {
      await removeDir(dir);
    }
  },
  LONG,
);
