/**
 * An error meant for a person: a locale key with parameters, translated where it is shown (the
 * CLI). It travels between processes as JSON in a job's failure reason.
 */
export class LocalizedError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, unknown> = {},
  ) {
    super(JSON.stringify({ key, params }));
    this.name = 'LocalizedError';
  }

  /** The error a worker reported, when it was one of ours; otherwise a generic one carrying the text. */
  static fromReason(reason: string, fallbackKey: string, params: Record<string, unknown> = {}): LocalizedError {
    try {
      const v = JSON.parse(reason) as { key?: unknown; params?: unknown };
      if (typeof v.key === 'string') return new LocalizedError(v.key, { ...params, ...((v.params as Record<string, unknown>) ?? {}) });
    } catch {
      /* not ours */
    }
    return new LocalizedError(fallbackKey, { ...params, detail: reason });
  }
}
