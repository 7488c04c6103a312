/** `--seeds`: a range `a..b` (both included) or a list `1,5,9`; whole numbers >= 0, no repeats, at most MAX_SEEDS. */
export const MAX_SEEDS = 10_000;

export type SeedsResult = { ok: true; seeds: number[] } | { ok: false; key: string; params: Record<string, unknown> };

export function parseSeeds(text: string): SeedsResult {
  const bad = { ok: false as const, key: 'experiment.error.seeds', params: { value: text } };
  const whole = (s: string) => (/^\d{1,9}$/.test(s.trim()) ? Number(s.trim()) : null);
  const range = /^\s*(\d+)\s*\.\.\s*(\d+)\s*$/.exec(text);
  let seeds: number[];
  if (range) {
    const a = whole(range[1]),
      b = whole(range[2]);
    if (a === null || b === null || b < a) return bad;
    if (b - a + 1 > MAX_SEEDS) return { ok: false, key: 'experiment.error.seeds_many', params: { value: text, max: MAX_SEEDS } };
    seeds = Array.from({ length: b - a + 1 }, (_, i) => a + i);
  } else {
    const parts = text.split(',');
    const nums = parts.map(whole);
    if (!parts.length || nums.some((n) => n === null)) return bad;
    seeds = nums as number[];
    if (seeds.length > MAX_SEEDS) return { ok: false, key: 'experiment.error.seeds_many', params: { value: text, max: MAX_SEEDS } };
    const seen = new Set<number>();
    for (const s of seeds) {
      if (seen.has(s)) return { ok: false, key: 'experiment.error.seeds_repeat', params: { value: text, seed: s } };
      seen.add(s);
    }
  }
  return { ok: true, seeds };
}
