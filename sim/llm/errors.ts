/** Why a request produced no answer at all (as opposed to an answer that does not parse). */
export type FailureCode = 'timeout' | 'connection' | 'rate_limited' | 'server_error' | 'http_error' | 'replay_miss';

export class LlmCallError extends Error {
  constructor(readonly code: FailureCode, detail: string) {
    super(`${code}: ${detail}`);
    this.name = 'LlmCallError';
  }
}
