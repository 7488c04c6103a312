/**
 * The relationship network of one tick: directed edges (from holds a non-zero feeling toward to)
 * among living actors. Actors are numbered 0..n-1 (slots, dead ones included); `out[u]` holds the
 * slots u has a feeling toward, `alive[u]` says whether u counts.
 */
export interface NetworkFigures {
  /** directed edges among the living */
  relations: number;
  /** relations / (n(n-1)) with n the living; null below two */
  density: number | null;
  /** share of directed edges whose reverse exists; null without edges */
  reciprocity: number | null;
  /** mean local clustering coefficient of the undirected graph over all living actors (degree < 2 counts 0); null without any */
  clustering: number | null;
}

/**
 * Figures of a directed graph. Clustering counts each triangle once with the degree-ordered
 * forward algorithm (O(m^1.5)), so 10,000 actors stay cheap.
 */
export function networkFigures(out: readonly (ReadonlySet<number> | undefined)[], alive: ArrayLike<number | boolean>): NetworkFigures {
  const n = out.length;
  let living = 0;
  for (let u = 0; u < n; u++) if (alive[u]) living++;
  let m = 0;
  let mutual = 0;
  const deg = new Int32Array(n);
  const uu: number[] = [];
  const vv: number[] = [];
  for (let a = 0; a < n; a++) {
    const set = out[a];
    if (!alive[a] || !set) continue;
    for (const b of set) {
      if (b === a || !alive[b]) continue;
      m++;
      const back = out[b]?.has(a) ?? false;
      if (back) mutual++;
      // each undirected edge once: a one-way edge as it is, a mutual pair from its smaller end
      if (!back || a < b) {
        uu.push(a);
        vv.push(b);
        deg[a]++;
        deg[b]++;
      }
    }
  }
  return {
    relations: m,
    density: living >= 2 ? m / (living * (living - 1)) : null,
    reciprocity: m > 0 ? mutual / m : null,
    clustering: living > 0 ? clusteringSum(n, deg, uu, vv) / living : null,
  };
}

/** the sum of local clustering coefficients (the dead have no edges: they add 0) */
function clusteringSum(n: number, deg: Int32Array, uu: number[], vv: number[]): number {
  // orient every edge from lower to higher (degree, slot) rank: each triangle is found exactly once
  const higher = (a: number, b: number) => deg[a] < deg[b] || (deg[a] === deg[b] && a < b);
  const start = new Int32Array(n + 1);
  for (let i = 0; i < uu.length; i++) start[(higher(uu[i], vv[i]) ? uu[i] : vv[i]) + 1]++;
  for (let i = 0; i < n; i++) start[i + 1] += start[i];
  const fill = start.slice(0, n);
  const fwd = new Int32Array(uu.length);
  for (let i = 0; i < uu.length; i++) {
    if (higher(uu[i], vv[i])) fwd[fill[uu[i]]++] = vv[i];
    else fwd[fill[vv[i]]++] = uu[i];
  }
  const tri = new Float64Array(n);
  const mark = new Int32Array(n).fill(-1);
  for (let u = 0; u < n; u++) {
    for (let i = start[u]; i < start[u + 1]; i++) mark[fwd[i]] = u;
    for (let i = start[u]; i < start[u + 1]; i++) {
      const v = fwd[i];
      for (let j = start[v]; j < start[v + 1]; j++) {
        const w = fwd[j];
        if (mark[w] === u) {
          tri[u]++;
          tri[v]++;
          tri[w]++;
        }
      }
    }
  }
  let sum = 0;
  for (let u = 0; u < n; u++) {
    const k = deg[u];
    if (k >= 2) sum += (2 * tri[u]) / (k * (k - 1));
  }
  return sum;
}
