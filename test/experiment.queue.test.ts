import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RunQueue, runJob, runJobId, runQueueName, startRunWorker } from '../adapters/experiment/remote.ts';
import { engineIdentity } from '../adapters/provenance/engine.ts';
import { astinus, finished, removeDir, SHENZHEN, spawnAstinus, tempDir } from './helpers/cli.ts';
import { describeWithRedis, dropQueue, REDIS_URL, uniqueQueue } from './helpers/redis.ts';

/**
 * With REDIS_URL, `astinus experiment` hands its runs to `astinus worker` processes as BullMQ jobs
 * and writes the tables they send back: the same summary and series bytes as running them itself.
 */
await describeWithRedis('an experiment across BullMQ workers', () => {
  let root = '';
  const queue = uniqueQueue('astinus-exp');
  const args = (out: string) => ['experiment', SHENZHEN, '--seeds', '1,2', '--ticks', '10', '--population', '12', '--out', out];
  beforeAll(async () => {
    root = await tempDir('astinus-exp-queue-');
  });
  afterAll(async () => {
    await removeDir(root);
    await dropQueue(runQueueName(queue));
    await dropQueue(queue);
  });

  it('gives the same results as local child processes', async () => {
    const local = await astinus(args(path.join(root, 'local')));
    expect(local.code, local.stderr).toBe(0);
    const env = { REDIS_URL, ASTINUS_QUEUE: queue };
    const worker = spawnAstinus(['worker', '--runs', '2'], { env });
    const stopped = finished(worker);
    try {
      const remote = await astinus(args(path.join(root, 'remote')), { env });
      expect(remote.code, remote.stderr).toBe(0);
      expect(remote.stderr).toContain(runQueueName(queue));
    } finally {
      worker.kill('SIGTERM');
      await stopped;
    }
    for (const f of ['summary.csv', 'series/baseline.csv', 'runs/baseline/2/metrics.csv', 'runs/baseline/2/diffusion.csv']) {
      expect((await readFile(path.join(root, 'remote', f))).equals(await readFile(path.join(root, 'local', f))), f).toBe(true);
    }
  }, 240_000);

  it('a worker running another engine refuses a run at once, naming both engine hashes', async () => {
    const name = runQueueName(uniqueQueue('astinus-exp-engine'));
    const w = startRunWorker({ url: REDIS_URL, queue: name, concurrency: 1, engineHash: 'a'.repeat(64) });
    const q = new RunQueue(REDIS_URL, name);
    try {
      const job = await runJob({
        condition: 'baseline',
        seed: 1,
        ticks: 2,
        population: null,
        brain: null,
        scenario: SHENZHEN,
        interventions: null,
      });
      expect(job.engine).toBe(engineIdentity().sourceHash);
      const err = await q.run(runJobId('plan', 'baseline', 1), job).catch((e: unknown) => e);
      expect(err).toMatchObject({
        key: 'provenance.worker_engine',
        params: { theirs: job.engine.slice(0, 12), ours: 'aaaaaaaaaaaa' },
      });
    } finally {
      await q.close();
      await w.close();
      await dropQueue(name);
    }
  }, 60_000);
});
