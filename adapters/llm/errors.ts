import { LocalizedError } from '../../sim/i18n/errors.ts';
/** Why a request produced no answer at all (as opposed to an answer that does not parse). */
export type FailureCode = 'timeout' | 'connection' | 'rate_limited' | 'server_error' | 'http_error' | 'replay_miss';

export class LlmCallError extends Error {
  constructor(
    readonly code: FailureCode,
    detail: string,
  ) {
    super(`${code}: ${detail}`);
    this.name = 'LlmCallError';
  }
}

/**
 * A replayed run asked something the recording does not hold: it is no longer the recorded run,
 * so it stops (unless --llm-replay-fallback allows falling back). `fatal`: nothing on the way
 * (repair, fallback, the deliberation's guard) turns it into a decision.
 */
export class ReplayMissError extends LocalizedError {
  readonly fatal = true;
  constructor(meta: { role: string; actor: string; tick: number }, dir: string, key: string) {
    super('llm.error.replay_miss', { ...meta, dir, key });
    this.name = 'ReplayMissError';
  }
}
