import type { Brain } from '../../bots/brains/types.ts';
import type { Perception } from '../../bots/perception.ts';
import type { Slice, WorldEngine } from '../../world-engine/types.ts';
import { Consequence } from '../model/consequence.ts';
import { ToolCall } from '../model/tools.ts';
import type { Catalog } from '../scenario/catalog.ts';
import type { Outcome } from '../judge/judge.ts';
import { mapBounded } from './pool.ts';

/** A brain's answer after parsing: a call, nothing to do, or output that is not a valid call. */
export type Decision = { ok: true; call: ToolCall } | { ok: false; error: string } | null;

/**
 * The slow, parallel half of a tick: deciding and resolving. The embedded implementation runs in
 * this process on a bounded pool; a queue-backed one (workers on other machines) fits the same
 * shape. Whatever comes back is parsed here, because brains and engines are untrusted.
 */
export interface Deliberation {
  decide(cat: Catalog, perceptions: Perception[], seed: number): Promise<Decision[]>;
  resolve(cat: Catalog, work: { slice: Slice; call: ToolCall }[]): Promise<Outcome[]>;
}

export function localDeliberation(brain: Brain, engine: WorldEngine, concurrency = 16): Deliberation {
  return {
    decide: (cat, perceptions, seed) => mapBounded(perceptions, concurrency, async (p) => {
      try {
        const raw = await brain.decide(cat, p, seed);
        if (raw === null) return null;
        const parsed = ToolCall.safeParse(raw);
        return parsed.success ? { ok: true as const, call: parsed.data } : { ok: false as const, error: parsed.error.issues[0]?.message ?? 'invalid call' };
      } catch (err) {
        return { ok: false as const, error: (err as Error).message };
      }
    }),
    resolve: (cat, work) => mapBounded(work, concurrency, async ({ slice, call }) => {
      try {
        const parsed = Consequence.safeParse(await engine.resolve(cat, slice, call));
        return parsed.success ? { ok: true as const, consequence: parsed.data } : { ok: false as const, error: parsed.error.issues[0]?.message ?? 'invalid consequence' };
      } catch (err) {
        return { ok: false as const, error: (err as Error).message };
      }
    }),
  };
}
