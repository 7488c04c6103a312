import { Redis, type RedisOptions } from 'ioredis';
import { LocalizedError } from '../../sim/i18n/errors.ts';

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
/** the BullMQ queue name when ASTINUS_QUEUE is not set */
export const DEFAULT_QUEUE = 'astinus';

/** The queue's name from the environment (ASTINUS_QUEUE), else the default. */
export function queueName(env: NodeJS.ProcessEnv = process.env): string {
  return env.ASTINUS_QUEUE || DEFAULT_QUEUE;
}

/**
 * An ioredis connection for BullMQ: `maxRetriesPerRequest: null` as BullMQ requires for workers
 * (blocking commands must not give up while Redis restarts).
 */
export function redisConnection(url: string, extra: RedisOptions = {}): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, ...extra });
}

/**
 * Ping Redis once, failing fast (no reconnect loop): for a clear message at start-up instead of a
 * process that waits forever. Throws LocalizedError('backends.queue.unreachable').
 */
export async function checkRedis(url: string, timeoutMs = 2000): Promise<void> {
  const r = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: timeoutMs,
    retryStrategy: () => null,
    enableOfflineQueue: false,
    // ioredis waits this long for a closed socket to close again when disconnecting: a refused one held the
    // process two seconds after the message (the default)
    disconnectTimeout: 0,
  });
  r.on('error', () => {});
  try {
    await r.connect();
    await r.ping();
  } catch (err) {
    throw new LocalizedError('backends.queue.unreachable', { url: redact(url), detail: (err as Error).message });
  } finally {
    r.disconnect();
  }
}

/** The URL without its password, for messages and logs. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}
