/**
 * An error that nothing on the way may turn into an answer (a repair, a fallback, the deliberation's
 * guard): it stops the run. Any layer may throw one (a replayed model run that misses its recording)
 * and any may ask, so the marker is a plain field, not a class of one adapter.
 */
export const isFatal = (err: unknown): boolean => (err as { fatal?: unknown } | null)?.fatal === true;
