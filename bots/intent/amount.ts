import { NUMERALS } from '../../sim/i18n/numerals.ts';
import { LANGS } from '../../sim/model/text.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import { find, type Lists } from './lexicon.ts';

/** The value of a spelled numeral in any language of the locales (`claims.numerals`: words, then scales that multiply: "twenty five" → 25), or null. */
function spelled(tokens: string[]): number | null {
  for (const n of NUMERALS) {
    let total = 0;
    let num = 0;
    let ok = tokens.length > 0;
    for (const t of tokens) {
      if (Object.hasOwn(n.words, t)) num += n.words[t];
      else if (Object.hasOwn(n.scales, t)) {
        total += (num || 1) * n.scales[t];
        num = 0;
      } else ok = false;
    }
    if (ok) return total + num;
  }
  return null;
}

/** The pack's unit of money as written after a sum ("coins", "pennies"), from its currency format. */
function units(cat: Catalog): string[] {
  const c = cat.words.v.currency;
  return LANGS.map((l) => c.format[l].replace('{{amount}}', '').trim().toLowerCase()).filter(Boolean);
}

/** A word that is money: the pack's unit (or a word that starts like it: "penny" for "pennies"), or a generic money word. */
function isMoneyWord(cat: Catalog, k: Lists, word: string): boolean {
  const w = word.toLowerCase();
  if ((k.money ?? []).some((m) => m === w)) return true;
  return units(cat).some((u) => u === w || (/^[a-z]{4,}/.test(u) && w.length >= 4 && u.slice(0, 4) === w.slice(0, 4)));
}

/**
 * A sum of money named in the words: digits ("20 coins"), or a spelled number followed by a word for money
 * ("a penny", "fifty bucks", and the same in Chinese). A spelled number alone ("a gift") is no sum.
 */
export function sumIn(cat: Catalog, k: Lists, text: string): number | null {
  const digits = /\d+/.exec(text);
  // a sum beyond what a call can carry is the most it can (the Judge then says what the purse allows)
  if (digits) return Math.min(Number(digits[0]), Number.MAX_SAFE_INTEGER);
  const lower = text.toLowerCase();
  // Latin: number words then a money word
  const words = lower.match(/[a-z]+/g) ?? [];
  for (let i = 0; i < words.length; i++) {
    let j = i;
    while (j < words.length && spelled([words[j]]) !== null) j++;
    if (j > i && j < words.length && isMoneyWord(cat, k, words[j])) return spelled(words.slice(i, j));
  }
  // Chinese: a run of numerals, an optional counter, then money
  const cn = NUMERALS.find((n) => !n.spaced);
  if (!cn) return null;
  const chars = [...Object.keys(cn.words), ...Object.keys(cn.scales)].join('');
  const counters = (k.filler ?? []).filter((f) => f.length === 1);
  const money = [...(k.money ?? []), ...units(cat)].filter((m) => !/[a-z]/.test(m));
  for (const m of lower.matchAll(new RegExp(`[${chars}]+`, 'gu'))) {
    let rest = lower.slice(m.index + m[0].length);
    const c = counters.find((x) => rest.startsWith(x));
    if (c) rest = rest.slice(c.length);
    if (money.some((x) => find(rest, x)?.at === 0)) return spelled([...m[0]]);
  }
  return null;
}

/** How many of a thing the words ask for: digits, or a spelled number ("two bottles"); null when none is named. */
export function countIn(text: string): number | null {
  const digits = /\d+/.exec(text);
  if (digits) return Math.min(Number(digits[0]), Number.MAX_SAFE_INTEGER);
  const lower = text.toLowerCase();
  for (const w of lower.match(/[a-z]+/g) ?? []) {
    const n = spelled([w]);
    if (n !== null) return n;
  }
  const cn = NUMERALS.find((n) => !n.spaced);
  if (!cn) return null;
  const run = new RegExp(`[${[...Object.keys(cn.words), ...Object.keys(cn.scales)].join('')}]+`, 'u').exec(lower);
  return run ? spelled([...run[0]]) : null;
}
