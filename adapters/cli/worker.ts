import { translator } from '../../sim/i18n/translator.ts';
import { createLogger } from '../../sim/log.ts';
import { checkRedis, DEFAULT_REDIS_URL, queueName, redact } from '../queue/connection.ts';
import { startWorker } from '../queue/worker.ts';
import { workerBackends } from './backends.ts';
import { runQueueName, startRunWorker } from '../experiment/remote.ts';
import { availableParallelism } from 'node:os';
import { parse, UsageError, WORKER_OPTIONS, WorkerArgs } from './args.ts';

/** A whole number from the environment, or undefined; a bad value is a usage error naming the variable. */
function envInt(name: string, min: number): number | undefined {
  const v = process.env[name];
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new UsageError([{ key: 'backends.error.env_int', params: { name, min, value: v } }]);
  return n;
}

/**
 * `astinus worker`: take decide and resolve jobs from the BullMQ queue until SIGTERM or SIGINT,
 * then finish the jobs in flight (for at most --grace-ms) and exit 0. Any number of workers, on
 * any number of machines, may serve one queue.
 */
export async function workerCommand(argv: string[]): Promise<number> {
  const args = parse(argv, WORKER_OPTIONS, [], WorkerArgs);
  const t = translator(args.lang);
  const log = createLogger({ level: args['log-level'], file: args['log-file'] });
  const url = process.env.REDIS_URL || DEFAULT_REDIS_URL;
  const queue = args.queue ?? queueName();
  const concurrency = args.concurrency ?? envInt('WORKER_CONCURRENCY', 1) ?? 16;
  const rateMax = args['rate-max'] ?? envInt('RATE_LIMIT_MAX', 0);
  const rateMs = args['rate-ms'] ?? envInt('RATE_LIMIT_MS', 1) ?? 1000;
  await checkRedis(url);

  const w = startWorker({
    url,
    queue,
    concurrency,
    log,
    name: args.name,
    ...workerBackends(),
    limiter: rateMax ? { max: rateMax, duration: rateMs } : undefined,
    lockDuration: args['lock-ms'],
    stalledInterval: args['stalled-ms'],
    jobDelay: args['job-delay'],
  });
  // whole runs of `astinus experiment`, on their own queue, --runs at a time
  const runs = startRunWorker({ url, queue: runQueueName(queue), concurrency: args.runs ?? availableParallelism(), log, name: args.name });
  await Promise.all([w.worker.waitUntilReady(), runs.worker.waitUntilReady()]);
  log.info({ queue, redis: redact(url), concurrency, rateMax, rateMs }, 'worker ready');
  process.stderr.write(t('backends.worker.ready', { queue, url: redact(url), concurrency }) + '\n');

  const signal = await new Promise<NodeJS.Signals>((done) => {
    process.once('SIGTERM', () => done('SIGTERM'));
    process.once('SIGINT', () => done('SIGINT'));
  });
  process.stderr.write(t('backends.worker.stopping', { signal }) + '\n');
  const [clean] = await Promise.all([w.close(args['grace-ms'] ?? 10_000), runs.close()]);
  log.info({ signal, clean }, 'worker stopped');
  process.stderr.write(t('backends.worker.stopped') + '\n');
  await new Promise<void>((done) => log.flush(() => done()));
  // jobs given up at the end of the grace period may still hold the event loop: shutdown is bounded
  if (!clean) process.exit(0);
  return 0;
}
