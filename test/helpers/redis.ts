import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { describe, it } from 'vitest';
import { checkRedis, DEFAULT_REDIS_URL, redisConnection } from '../../adapters/queue/connection.ts';

/** The Redis the queue tests use: REDIS_URL, else the local default. */
export const REDIS_URL = process.env.REDIS_URL || DEFAULT_REDIS_URL;

/** null when Redis answers, else why not (said plainly by the suites that need it). */
export async function redisProblem(): Promise<string | null> {
  try {
    await checkRedis(REDIS_URL);
    return null;
  } catch (err) {
    return `Redis is not reachable at ${REDIS_URL} (${(err as Error).message}): the BullMQ tests cannot run. Start Redis or set REDIS_URL.`;
  }
}

/**
 * describe() for suites that need Redis. Without Redis: skipped with a plain message, except under
 * CI=true, where a missing Redis is a failure, not a skip.
 */
export async function describeWithRedis(name: string, body: () => void): Promise<void> {
  const problem = await redisProblem();
  if (problem === null) {
    describe(name, body);
    return;
  }
  if (process.env.CI === 'true') {
    describe(name, () =>
      it('needs Redis (CI=true)', () => {
        throw new Error(problem);
      }),
    );
    return;
  }
  process.stderr.write(`\n[skipped] ${name}: ${problem}\n`);
  describe.skip(name, body);
}

/** A queue name no other test (or engineer) uses. */
export function uniqueQueue(prefix = 'astinus-test'): string {
  return `${prefix}-${process.pid}-${randomBytes(4).toString('hex')}`;
}

/** Remove a test queue and everything in it. */
export async function dropQueue(name: string): Promise<void> {
  const conn = redisConnection(REDIS_URL);
  const q = new Queue(name, { connection: conn });
  try {
    await q.obliterate({ force: true });
  } finally {
    await q.close();
    await conn.quit().catch(() => conn.disconnect());
  }
}
