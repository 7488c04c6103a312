import { describe, expect, it } from 'vitest';
import { retrieve } from '../bots/memory.ts';
import type { MemoryItem } from '../sim/state/types.ts';

const m = (tick: number, importance: number, about: string[]): MemoryItem => ({
  tick,
  kind: 'did',
  msg: { text: `t${tick}` },
  importance,
  about,
});

describe('memory retrieval scores recency, importance and relevance', () => {
  const stream = [m(1, 9, ['zhao_lei']), m(50, 2, ['dongmen']), m(90, 2, ['huaqiangbei']), m(95, 1, ['shekou'])];

  it('a vivid old memory outranks routine ones, recent ones outrank old routine ones', () => {
    expect(retrieve(stream, [], 100, 2).map((x) => x.tick)).toEqual([95, 1]);
    expect(retrieve([m(1, 10, []), m(99, 1, [])], [], 100, 1)[0].tick).toBe(99);
    expect(retrieve([m(60, 10, []), m(99, 1, [])], [], 100, 1)[0].tick).toBe(60);
  });

  it('what the query is about comes first', () => {
    expect(retrieve(stream, ['zhao_lei'], 100, 1)[0].tick).toBe(1);
    expect(retrieve(stream, ['dongmen'], 100, 1)[0].tick).toBe(50);
  });

  it('returns at most k, and nothing from an empty stream', () => {
    expect(retrieve(stream, [], 100, 3)).toHaveLength(3);
    expect(retrieve([], ['x'], 100)).toEqual([]);
  });
});
