/**
 * Seeded randomness keyed by (world seed, tick, actor, purpose). Nothing carries state from one
 * draw to the next, so a resumed run draws exactly what an uninterrupted one would have.
 */
function hash32(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function mix(h: number, n: number): number {
  h ^= n >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** mulberry32 over a seed hashed from the key; a class, so making one allocates no closures. */
export class Rng {
  constructor(private a: number) {}

  /** uniform in [0, 1) */
  next(): number {
    this.a = (this.a + 0x6d2b79f5) >>> 0;
    let t = this.a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** integer in [min, max] */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j], items[i]];
    }
    return items;
  }
}

export function rngFor(seed: number, tick: number, actor: string, purpose: string): Rng {
  const a = hash32(mix(mix(0x811c9dc5, seed), tick), actor);
  return new Rng(hash32(mix(a, 0x9e3779b9), purpose) || 1);
}
