import type { Event } from '../../sim/model/events.ts';
import { DEFAULT_BANDS, type Formula, odds } from '../../sim/model/dice.ts';

/**
 * The statistics of committed checks, shared by test/dice.fair.test.ts and bench/dice.ts: the faces of
 * every die thrown (uniform whatever the formula) and the bands 10+ / 7-9 / 6- (a critical counts as
 * 10+) against the exact odds of the formula, each as a chi-square with its 99% critical value.
 */
type Rolled = Extract<Event, { type: 'check_rolled' }>;

/** 99% critical values of chi-square by degrees of freedom. */
const CRITICAL_99: Record<number, number> = { 1: 6.635, 2: 9.21, 3: 11.345, 4: 13.277, 5: 15.086 };
export const FACES_CRITICAL = CRITICAL_99[5];

export interface Tally {
  n: number;
  /** how often each face 1-6 came up, over every die thrown */
  faces: number[];
  facesChi2: number;
  bands: { band: '10+' | '7-9' | '6-'; seen: number; p: number }[];
  bandsChi2: number;
  bandsDf: number;
  bandsCritical: number;
}

export function parseFormula(s: string): Formula {
  const m = /^(\d+)d6(?:k([hl])2)?$/.exec(s);
  if (!m) throw new Error(`not a formula: ${s}`);
  return { dice: Number(m[1]), keep: m[2] === undefined ? 'all' : m[2] === 'h' ? 'highest' : 'lowest' };
}

export function chi2(seen: readonly number[], expected: readonly number[]): number {
  let x = 0;
  for (let i = 0; i < seen.length; i++) if (expected[i] > 0) x += (seen[i] - expected[i]) ** 2 / expected[i];
  return x;
}

/** Committed checks grouped by formula (or by `key`), each with its chi-squares. */
export function tally(rolls: readonly Rolled[], key: (e: Rolled) => string = (e) => e.formula): Map<string, Tally> {
  const groups = new Map<string, Rolled[]>();
  for (const e of rolls) {
    const k = key(e);
    (groups.get(k) ?? groups.set(k, []).get(k)!).push(e);
  }
  const out = new Map<string, Tally>();
  for (const [k, list] of groups) out.set(k, tallyOf(list));
  return out;
}

function tallyOf(list: readonly Rolled[]): Tally {
  const faces = [0, 0, 0, 0, 0, 0];
  const seen = [0, 0, 0];
  for (const e of list) {
    for (const d of e.dice) faces[d - 1]++;
    seen[e.total >= DEFAULT_BANDS.full ? 0 : e.total >= DEFAULT_BANDS.partial ? 1 : 2]++;
  }
  const thrown = faces.reduce((a, b) => a + b, 0);
  // each group is of one formula (grouped by word, by word and formula)
  const o = odds(parseFormula(list[0].formula), DEFAULT_BANDS);
  const p = [o.bands.full / o.of, o.bands.partial / o.of, o.bands.fail / o.of];
  // a band the formula cannot reach (or hardly) adds nothing to the test: it is left out of the degrees of freedom
  const cells = p.filter((x) => x > 0).length;
  const df = Math.max(1, cells - 1);
  return {
    n: list.length,
    faces,
    facesChi2: chi2(
      faces,
      faces.map(() => thrown / 6),
    ),
    bands: (['10+', '7-9', '6-'] as const).map((band, i) => ({ band, seen: seen[i], p: p[i] })),
    bandsChi2: chi2(
      seen,
      p.map((x) => x * list.length),
    ),
    bandsDf: df,
    bandsCritical: CRITICAL_99[df],
  };
}
