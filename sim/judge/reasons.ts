import type { Reason } from '../model/events.ts';
import type { Param } from '../model/text.ts';

/**
 * A refusal. `code` is stable (counted in summaries, read by brains); the message is what the
 * proposer hears, phrased in-world by the locale key `reason.<code>`.
 */
export class Rejection {
  // Not an Error: a rejection is the Judge's ordinary control flow, thrown hundreds of times a tick,
  // and capturing a stack trace each time costs several times the throw.
  constructor(readonly reason: Reason) {}
}

export function reject(code: string, params?: Record<string, Param>): never {
  throw new Rejection({ code, message: params ? { key: `reason.${code}`, params } : { key: `reason.${code}` } });
}

export function check(ok: unknown, code: string, params?: Record<string, Param>): asserts ok {
  if (!ok) reject(code, params);
}
