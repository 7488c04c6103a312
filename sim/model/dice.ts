import type { Rng } from '../rng.ts';

/**
 * The table's dice (docs/design.md, Dice): 2d6 against bands. Each net advantage adds a die and keeps the highest
 * two, each net disadvantage adds a die and keeps the lowest two; one cancels one. Pure: the Judge
 * rolls with the world's keyed generator, the dice screen shows `odds` of the same formula.
 */
export interface Formula {
  dice: number;
  keep: 'highest' | 'lowest' | 'all';
}

/** The outcome bands, best first. `critical` exists only where the pack declares it. */
export const BANDS = ['critical', 'full', 'partial', 'fail'] as const;
export type Band = (typeof BANDS)[number];

/** Lowest totals of each band: 10+ full, 7-9 partial, 6- fail; a pack may add a critical band (12+). */
export interface Bands {
  critical: number | null;
  full: number;
  partial: number;
}
export const DEFAULT_BANDS: Bands = { critical: null, full: 10, partial: 7 };

/** Most dice a formula may have: a bound on any stack of factors (and on the odds' enumeration). */
export const MAX_EXTRA = 4;

export function formulaFor(advantages: number, disadvantages: number): Formula {
  const net = Math.max(-MAX_EXTRA, Math.min(MAX_EXTRA, advantages - disadvantages));
  return net === 0 ? { dice: 2, keep: 'all' } : { dice: 2 + Math.abs(net), keep: net > 0 ? 'highest' : 'lowest' };
}

/** `2d6`, `3d6kh2`, `4d6kl2`: the notation of a roll's `formula`. */
export function notation(f: Formula): string {
  return f.keep === 'all' ? `${f.dice}d6` : `${f.dice}d6k${f.keep === 'highest' ? 'h' : 'l'}2`;
}

/** Indices of the two dice kept (all of them for plain 2d6); ties keep the earlier die. */
function keptIndices(dice: readonly number[], keep: Formula['keep']): number[] {
  if (keep === 'all') return dice.map((_, i) => i);
  // the best die and the next, in one pass with no list sorted: a die displaces one only if strictly better
  const high = keep === 'highest';
  let best = -1;
  let next = -1;
  for (let i = 0; i < dice.length; i++) {
    if (best < 0 || (high ? dice[i] > dice[best] : dice[i] < dice[best])) {
      next = best;
      best = i;
    } else if (next < 0 || (high ? dice[i] > dice[next] : dice[i] < dice[next])) next = i;
  }
  return best < next ? [best, next] : [next, best];
}

export function bandOf(total: number, bands: Bands): Band {
  if (bands.critical !== null && total >= bands.critical) return 'critical';
  return total >= bands.full ? 'full' : total >= bands.partial ? 'partial' : 'fail';
}

/** What moved the dice: a trait's aspect or a tag, for (+1) or against (-1). */
export interface Factor {
  kind: 'trait' | 'tag';
  id: string;
  sign: 1 | -1;
}

export interface Roll {
  formula: string;
  dice: number[];
  kept: number[];
  total: number;
  band: Band;
}

export function roll(rng: Rng, f: Formula, bands: Bands): Roll {
  const dice: number[] = [];
  for (let i = 0; i < f.dice; i++) dice.push(rng.int(1, 6));
  // plain 2d6 keeps both dice as thrown: no list of indices to sort
  const kept = f.keep === 'all' ? dice.slice() : keptIndices(dice, f.keep).map((i) => dice[i]);
  const total = kept[0] + kept[1];
  return { formula: notation(f), dice, kept, total, band: bandOf(total, bands) };
}

/**
 * A check judged as if it came up `band`, with no dice thrown (a preview, an offer): what the call
 * would be is weighed before it is made, and nothing may see its roll before then. Its total is
 * the band's lowest.
 */
export function assumed(f: Formula, bands: Bands, band: Band): Roll {
  const total = band === 'critical' ? (bands.critical ?? 12) : band === 'full' ? bands.full : band === 'partial' ? bands.partial : 2;
  return { formula: notation(f), dice: [], kept: [], total, band };
}

/** Exact chance of each band, as a count over 6^dice equally likely throws (enumerated, not sampled). */
export interface Odds {
  readonly of: number;
  readonly bands: Readonly<Record<Band, number>>;
}

const ODDS = new Map<string, Odds>();

export function odds(f: Formula, bands: Bands): Odds {
  // a handful of formulas exist: each is enumerated once (brains ask on every decision)
  const key = `${f.dice}|${f.keep}|${bands.critical}|${bands.full}|${bands.partial}`;
  let o = ODDS.get(key);
  if (!o) ODDS.set(key, (o = enumerate(f, bands)));
  return o;
}

function enumerate(f: Formula, bands: Bands): Odds {
  const of = 6 ** f.dice;
  const counts: Record<Band, number> = { critical: 0, full: 0, partial: 0, fail: 0 };
  const dice = new Array<number>(f.dice).fill(1);
  for (let n = 0; n < of; n++) {
    let k = n;
    for (let i = 0; i < f.dice; i++) {
      dice[i] = (k % 6) + 1;
      k = Math.floor(k / 6);
    }
    const kept = keptIndices(dice, f.keep);
    counts[bandOf(dice[kept[0]] + dice[kept[1]], bands)]++;
  }
  return { of, bands: counts };
}

/** Whether a band is a success (the intention happens, maybe at a cost). */
export const succeeds = (b: Band): boolean => b !== 'fail';
