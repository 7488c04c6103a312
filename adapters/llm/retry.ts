import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { LlmCallError } from './errors.ts';

export interface RetryPolicy {
  retries: number;
  backoffMs: number;
  maxRetryAfterMs: number;
  sleep: (ms: number) => Promise<void>;
  /** told before each wait, for counting and logs */
  onRetry?: (attempt: number, waitMs: number, error: LlmCallError) => void;
}

/** Turn what the SDK throws into our failure codes; null when it is not the server's or network's fault. */
export function classify(err: unknown): LlmCallError | null {
  if (err instanceof LlmCallError) return err;
  if (err instanceof APIConnectionTimeoutError) return new LlmCallError('timeout', err.message);
  if (err instanceof APIConnectionError) return new LlmCallError('connection', err.message);
  if (err instanceof APIError && err.status !== undefined) {
    if (err.status === 429) return new LlmCallError('rate_limited', err.message);
    if (err.status >= 500) return new LlmCallError('server_error', err.message);
    return new LlmCallError('http_error', err.message);
  }
  return null;
}

const RETRYABLE = new Set(['timeout', 'connection', 'rate_limited', 'server_error']);

/** Seconds, or an HTTP date; `retry-after-ms` first (OpenAI sends it). Null when absent or unreadable. */
export function retryAfterMs(err: unknown, now = Date.now()): number | null {
  if (!(err instanceof APIError) || !err.headers) return null;
  const ms = Number.parseFloat(err.headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const v = err.headers.get('retry-after');
  if (v === null) return null;
  const secs = Number.parseFloat(v);
  if (Number.isFinite(secs) && secs >= 0) return secs * 1000;
  const date = Date.parse(v);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * Call `f` until it succeeds, retrying 429, 5xx, timeouts and dropped connections with exponential
 * backoff, or exactly as long as the server's retry-after says (capped). Anything else, and the last
 * failure, is thrown as an LlmCallError.
 */
export async function withRetries<T>(p: RetryPolicy, f: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await f();
    } catch (err) {
      const e = classify(err);
      if (e === null) throw err;
      if (!RETRYABLE.has(e.code) || attempt >= p.retries) throw e;
      const wait = Math.min(retryAfterMs(err) ?? p.backoffMs * 2 ** attempt, p.maxRetryAfterMs);
      p.onRetry?.(attempt + 1, wait, e);
      await p.sleep(wait);
    }
  }
}
