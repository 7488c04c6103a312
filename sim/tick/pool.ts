/**
 * The embedded bounded pool: maps with at most `limit` calls in flight. Synchronous work (the
 * policy brain, the rule engine) runs straight through without a promise per item.
 */
export async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (item: T, i: number) => R | Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      const r = fn(items[i], i);
      out[i] = r instanceof Promise ? await r : (r as R);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return out;
}
