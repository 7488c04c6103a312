import { LANGS } from '../model/text.ts';
import { readLocale } from './translator.ts';

/**
 * A language's way of spelling numbers, from its locale (`claims.numerals`, `word:value` lists as the
 * claim triggers are `|`-lists): number words, scales that multiply what comes before them within a
 * group (hundred), group words that close a group (thousand, million), the scales that may open a
 * numeral, and whether the words are spaced. Read once, here, for whoever reads spelled numbers (the
 * narrator's check of sums, the intent reader's sums and counts).
 */
export interface Numerals {
  spaced: boolean;
  words: Record<string, number>;
  scales: Record<string, number>;
  groups: Record<string, number>;
  leads: string[];
}

const table = (list: string): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const pair of list.split('|').filter(Boolean)) {
    const [word, value] = pair.split(':');
    out[word] = Number(value);
  }
  return out;
};

function numeralsOf(raw: Record<keyof Numerals, string>): Numerals {
  return {
    spaced: raw.spaced === 'yes',
    words: table(raw.words),
    scales: table(raw.scales),
    groups: table(raw.groups),
    leads: raw.leads.split('|').filter(Boolean),
  };
}

/** Each language's numerals, in the order of LANGS. */
export const NUMERALS: readonly Numerals[] = LANGS.map((lang) =>
  numeralsOf((readLocale(lang) as { claims: { numerals: Record<keyof Numerals, string> } }).claims.numerals),
);
