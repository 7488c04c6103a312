/**
 * The relationship network of one tick: directed edges (from holds a non-zero feeling toward to)
 * among living actors. Actors are numbered 0..n-1 by the caller; edges come as a flat list.
 */
export interface NetworkFigures {
  /** directed edges */
  relations: number;
  /** relations / (n(n-1)); null below two actors */
  density: number | null;
  /** share of directed edges whose reverse exists; null without edges */
  reciprocity: number | null;
  /** mean local clustering coefficient of the undirected graph over all n actors (degree < 2 counts 0); null without actors */
  clustering: number | null;
}

/**
 * Figures of a directed graph on nodes 0..n-1 given as parallel arrays `from`, `to` (no self loops,
 * no duplicate pairs). Clustering counts each triangle once with the degree-ordered forward
 * algorithm (O(m^1.5)), so a 10,000-actor city stays cheap.
 */
export function networkFigures(n: number, from: Int32Array | number[], to: Int32Array | number[], m = from.length): NetworkFigures {
  // directed pairs as keys, for reciprocity and to merge u->v and v->u into one undirected edge
  const pairs = new Set<number>();
  for (let i = 0; i < m; i++) pairs.add(from[i] * n + to[i]);
  let mutual = 0;
  const deg = new Int32Array(n);
  const uu: number[] = [];
  const vv: number[] = [];
  for (let i = 0; i < m; i++) {
    const a = from[i];
    const b = to[i];
    const back = pairs.has(b * n + a);
    if (back) mutual++;
    // each undirected edge once: a one-way edge as it is, a mutual pair from its smaller end
    if (!back || a < b) {
      uu.push(a); vv.push(b);
      deg[a]++; deg[b]++;
    }
  }
  return {
    relations: m,
    density: n >= 2 ? m / (n * (n - 1)) : null,
    reciprocity: m > 0 ? mutual / m : null,
    clustering: n > 0 ? meanClustering(n, deg, uu, vv) : null,
  };
}

function meanClustering(n: number, deg: Int32Array, uu: number[], vv: number[]): number {
  // orient every edge from lower to higher (degree, id) rank: each triangle is found exactly once
  const higher = (a: number, b: number) => deg[a] < deg[b] || (deg[a] === deg[b] && a < b);
  const outDeg = new Int32Array(n + 1);
  for (let i = 0; i < uu.length; i++) outDeg[higher(uu[i], vv[i]) ? uu[i] : vv[i]]++;
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) start[i + 1] = start[i] + outDeg[i];
  const fill = start.slice(0, n);
  const out = new Int32Array(uu.length);
  for (let i = 0; i < uu.length; i++) {
    const [a, b] = higher(uu[i], vv[i]) ? [uu[i], vv[i]] : [vv[i], uu[i]];
    out[fill[a]++] = b;
  }
  const tri = new Float64Array(n);
  const mark = new Int32Array(n).fill(-1);
  for (let u = 0; u < n; u++) {
    for (let i = start[u]; i < start[u + 1]; i++) mark[out[i]] = u;
    for (let i = start[u]; i < start[u + 1]; i++) {
      const v = out[i];
      for (let j = start[v]; j < start[v + 1]; j++) {
        const w = out[j];
        if (mark[w] === u) { tri[u]++; tri[v]++; tri[w]++; }
      }
    }
  }
  let sum = 0;
  for (let u = 0; u < n; u++) {
    const k = deg[u];
    if (k >= 2) sum += (2 * tri[u]) / (k * (k - 1));
  }
  return sum / n;
}
