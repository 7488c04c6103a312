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
const Z975 = 1.959964;

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
