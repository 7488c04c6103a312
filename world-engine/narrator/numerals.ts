import { NUMERALS, type Numerals } from '../../sim/i18n/numerals.ts';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alt = (o: Record<string, number>) =>
  Object.keys(o)
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|');

/** the least scale a spelled sum holds: "thirty" or a run of tens is a count, not a sum */
const SUM_SCALE = 100;

const READERS = NUMERALS.map((n) => {
  const scaleWords = { ...n.scales, ...n.groups };
  const pattern = n.spaced
    ? // a number or number word, then one or more scale words: "a million", "two hundred thousand"
      new RegExp(`\\b(?:\\d+(?:\\.\\d+)?|${alt(n.words)})(?:\\s+(?:${alt(scaleWords)}))+\\b`, 'gi')
    : // a run of numerals that opens with a digit, a number word or a leading scale, so a scale word alone is no sum
      new RegExp(
        `(?:\\d|${[...Object.keys(n.words), ...n.leads].map(escape).join('|')})(?:[\\d.]|${alt({ ...n.words, ...scaleWords })})*`,
        'g',
      );
  return { n, pattern, scaleWords };
});

/**
 * Sums spelled with a scale word, in any language of the locales ("a million", "two hundred
 * thousand", or a run of numerals with a group word), with their values: a model that cannot name a
 * number in digits may still spell it.
 */
export function spelledSums(text: string): { text: string; value: number }[] {
  const out: { text: string; value: number }[] = [];
  for (const { n, pattern, scaleWords } of READERS)
    for (const m of text.matchAll(pattern)) {
      const tokens = n.spaced ? m[0].split(/\s+/) : (m[0].match(/\d+(?:\.\d+)?|./gu) ?? []);
      if (tokens.some((t) => Object.hasOwn(scaleWords, t.toLowerCase()) && scaleWords[t.toLowerCase()] >= SUM_SCALE))
        out.push({ text: m[0], value: valueOf(n, tokens) });
    }
  return out;
}

/**
 * A numeral's value: a scale multiplies the number before it into the current group (one alone when
 * none is written), a group word multiplies everything since the last larger group.
 */
function valueOf(n: Numerals, tokens: readonly string[]): number {
  let total = 0;
  let section = 0;
  let num = 0;
  for (const raw of tokens) {
    const t = raw.toLowerCase();
    if (/^\d/.test(t)) num = Number(t);
    else if (Object.hasOwn(n.words, t)) num = n.words[t];
    else if (Object.hasOwn(n.scales, t)) {
      section += (num || 1) * n.scales[t];
      num = 0;
    } else if (Object.hasOwn(n.groups, t)) {
      const g = n.groups[t];
      const below = total % g;
      total = total - below + (below + section + num) * g;
      section = num = 0;
    }
  }
  return Math.round(total + section + num);
}
