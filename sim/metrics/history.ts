import type { Event } from '../model/events.ts';
import type { Catalog } from '../scenario/catalog.ts';
import { initialState } from '../state/initial.ts';
import type { Store } from '../ports/store.ts';
import { MetricsFold, type FoldOptions } from './fold.ts';

/**
 * Fold a world's whole log, tick 0 on, from the state the log starts from (the pack, the seed and
 * the population the store was made with; a fork's people were drawn with its origin's seed).
 * `onTick` reports progress; `onEvent` sees every event as it is read, for a reader that keeps more
 * than the figures (the server) and should not read the log twice; `onFold` sees the fold before its
 * first tick (its `current()` is then the state the log starts from).
 */
export async function foldHistory(
  cat: Catalog,
  store: Store,
  meta: { seed: number; population: number | null; origin?: { seed: number } | null },
  upTo: number,
  o: FoldOptions & { onTick?: (tick: number) => void; onEvent?: (e: Event) => void; onFold?: (fold: MetricsFold) => void } = {},
): Promise<MetricsFold> {
  const fold = new MetricsFold(cat, initialState(cat, meta.origin?.seed ?? meta.seed, meta.population), o);
  o.onFold?.(fold);
  let tick = -1;
  let batch: Event[] = [];
  const flush = () => {
    if (!batch.length) return;
    fold.add(batch);
    o.onTick?.(tick);
    batch = [];
  };
  for await (const e of store.readEvents(0, upTo)) {
    if (e.tick !== tick) {
      flush();
      tick = e.tick;
    }
    o.onEvent?.(e);
    batch.push(e);
  }
  flush();
  return fold;
}
