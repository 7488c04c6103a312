import type { MemoryItem } from '../sim/state/types.ts';

/**
 * Retrieval over a memory stream (recency, importance, relevance), offline: relevance is overlap
 * between what a memory is about and the ids in the query. Embeddings replace it when a model is
 * configured. The policy brain reads its short-term memory directly; language-model brains put what
 * this retrieves into their prompts.
 */
export function retrieve(memory: readonly MemoryItem[], query: readonly string[], now: number, k = 5): MemoryItem[] {
  const scored = memory.map((m, i) => {
    const recency = Math.pow(0.97, now - m.tick);
    const importance = m.importance / 10;
    const relevance = query.length === 0 ? 0 : m.about.filter((x) => query.includes(x)).length / query.length;
    return { m, i, score: recency + importance + 1.5 * relevance };
  });
  scored.sort((a, b) => b.score - a.score || b.i - a.i);
  return scored.slice(0, k).map((s) => s.m);
}
