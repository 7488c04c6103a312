/** Gini coefficient of non-negative amounts (0: all equal, toward 1: one holds everything); `sorted` ascending. */
export function giniSorted(xs: ArrayLike<number>): number {
  const n = xs.length;
  let total = 0;
  let weighted = 0;
  for (let i = 0; i < n; i++) {
    total += xs[i];
    weighted += (i + 1) * xs[i];
  }
  if (n === 0 || total === 0) return 0;
  return (2 * weighted) / (n * total) - (n + 1) / n;
}

/** nearest-rank percentile of ascending values (0 when there are none) */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Shannon entropy in bits of counts; null when they sum to 0 (nothing to be uncertain about). */
export function entropy(counts: Iterable<number>): number | null {
  let total = 0;
  const xs: number[] = [];
  for (const c of counts)
    if (c > 0) {
      xs.push(c);
      total += c;
    }
  if (total === 0) return null;
  let h = 0;
  for (const c of xs) {
    const p = c / total;
    h -= p * Math.log2(p);
  }
  // a single category is exactly 0 bits, not -0
  return h === 0 ? 0 : h;
}
