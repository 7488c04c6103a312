/**
 * Means and 95% confidence intervals across seeds. The interval is Student's t with n-1 degrees of
 * freedom (mean ± t(0.975, n-1)·sd/√n, sd the sample standard deviation): seeds are few, so the
 * normal 1.96 would be too narrow. With one seed there is no spread to estimate: sd and the
 * interval are empty (null), never a fake zero width.
 */

/** t(0.975, df) for df 1..30, to 6 decimals (scipy.stats.t.ppf). */
const T975 = [
  12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624, 2.306004, 2.262157, 2.228139, 2.200985, 2.178813, 2.160369,
  2.144787, 2.13145, 2.119905, 2.109816, 2.100922, 2.093024, 2.085963, 2.079614, 2.073873, 2.068658, 2.063899, 2.059539, 2.055529, 2.051831,
  2.048407, 2.04523, 2.042272,
];
const Z975 = 1.959963984540054;

/** The 97.5th percentile of Student's t: the table up to 30 degrees of freedom, Cornish-Fisher beyond (error < 1e-6). */
export function t975(df: number): number {
  if (!Number.isInteger(df) || df < 1) throw new RangeError(`degrees of freedom must be a whole number >= 1, got ${df}`);
  if (df <= T975.length) return T975[df - 1];
  const z = Z975;
  const z3 = z ** 3,
    z5 = z ** 5,
    z7 = z ** 7;
  return z + (z3 + z) / (4 * df) + (5 * z5 + 16 * z3 + 3 * z) / (96 * df ** 2) + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * df ** 3);
}

export interface Stat {
  n: number;
  mean: number | null;
  sd: number | null;
  low: number | null;
  high: number | null;
}

/** n, mean, sample sd and the 95% t interval of the finite values (missing values are not zeros: they are left out). */
export function describe(values: readonly (number | null)[]): Stat {
  const xs = values.filter((v): v is number => v !== null && Number.isFinite(v));
  const n = xs.length;
  if (n === 0) return { n, mean: null, sd: null, low: null, high: null };
  let sum = 0;
  for (const x of xs) sum += x;
  const mean = sum / n;
  if (n === 1) return { n, mean, sd: null, low: null, high: null };
  let ss = 0;
  for (const x of xs) ss += (x - mean) ** 2;
  const sd = Math.sqrt(ss / (n - 1));
  const half = (t975(n - 1) * sd) / Math.sqrt(n);
  return { n, mean, sd, low: mean - half, high: mean + half };
}

/** Describe a yes/no outcome (values 0 or 1): n, the share of yeses, sd, and the Wilson 95% score interval, which stays inside [0, 1] and is not empty for 0 or n yeses. */
export function describeShare(values: readonly (number | null)[]): Stat {
  const xs = values.filter((v): v is number => v !== null && Number.isFinite(v));
  const n = xs.length;
  const base = describe(xs);
  if (n === 0) return base;
  const [low, high] = wilson(
    xs.reduce((a, b) => a + b, 0),
    n,
  );
  return { ...base, low, high };
}

/** The Wilson score 95% interval of k successes in n trials. */
export function wilson(k: number, n: number): [number, number] {
  const z = Z975,
    p = k / n,
    z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

export interface Contrast {
  diff: number | null;
  df: number | null;
  low: number | null;
  high: number | null;
}

/**
 * The difference of two means (a − b) with Welch's 95% interval: se = √(sa²/na + sb²/nb), degrees of
 * freedom by Welch–Satterthwaite (not a whole number), t from tQuantile. Empty interval when either
 * side has fewer than two values or neither varies (no spread to estimate).
 */
export function welch(a: Stat, b: Stat): Contrast {
  if (a.mean === null || b.mean === null) return { diff: null, df: null, low: null, high: null };
  const diff = a.mean - b.mean;
  if (a.sd === null || b.sd === null) return { diff, df: null, low: null, high: null };
  const va = (a.sd * a.sd) / a.n,
    vb = (b.sd * b.sd) / b.n;
  const se2 = va + vb;
  if (se2 === 0) return { diff, df: null, low: null, high: null };
  const df = (se2 * se2) / ((va * va) / (a.n - 1) + (vb * vb) / (b.n - 1));
  const half = tQuantile(0.975, df) * Math.sqrt(se2);
  return { diff, df, low: diff - half, high: diff + half };
}

/** The p-th quantile of Student's t for any df > 0 (Welch's df is not whole): the CDF inverted by bisection to 1e-10. */
export function tQuantile(p: number, df: number): number {
  if (!(df > 0) || !(p > 0 && p < 1)) throw new RangeError(`tQuantile needs df > 0 and 0 < p < 1, got df ${df}, p ${p}`);
  if (p < 0.5) return -tQuantile(1 - p, df);
  let lo = 0,
    hi = 1;
  while (tCdf(hi, df) < p) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-10; i++) {
    const mid = (lo + hi) / 2;
    if (tCdf(mid, df) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** P(T <= t) for Student's t with df degrees of freedom, through the regularized incomplete beta function. */
export function tCdf(t: number, df: number): number {
  const tail = 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

/** I_x(a, b), the regularized incomplete beta function (continued fraction, modified Lentz; Numerical Recipes 6.4). */
function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  // the fraction converges fast for x < (a+1)/(a+b+2); otherwise use the symmetry I_x(a,b) = 1 - I_{1-x}(b,a)
  if (x > (a + 1) / (a + b + 2)) return 1 - incompleteBeta(1 - x, b, a);
  const tiny = 1e-300;
  let c = 1,
    d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let f = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let num = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + num * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + num / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    f *= d * c;
    num = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + num * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + num / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    f *= step;
    if (Math.abs(step - 1) < 1e-15) break;
  }
  return (front * f) / a;
}

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9; relative error below 1e-13). */
function logGamma(x: number): number {
  const g = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
    -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  x -= 1;
  let a = g[0];
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += g[i] / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}
