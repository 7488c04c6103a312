import { readLocale } from '../../sim/i18n/translator.ts';
import { LANGS } from '../../sim/model/text.ts';

/** Generic word lists (`intent.keywords` in locales/<lang>/intent.json), both languages merged: a player may write either. */
export type Lists = Record<string, string[]>;

export function loadKeywords(): Lists {
  const keywords: Lists = {};
  for (const lang of LANGS) {
    const intent = (readLocale(lang).intent ?? {}) as { keywords?: Record<string, string> };
    for (const [k, v] of Object.entries(intent.keywords ?? {})) (keywords[k] ??= []).push(...v.split('|').filter(Boolean));
  }
  // longest first, so "go to" is cut before "go"
  for (const k of Object.keys(keywords)) keywords[k].sort((a, b) => b.length - a.length);
  return keywords;
}

export { called, find } from '../../sim/i18n/match.ts';
import { find } from '../../sim/i18n/match.ts';

export type Named = [id: string, names: string[]];
export interface Hit {
  id: string;
  at: number;
  len: number;
}

/** The earliest mention of any of these (the longest at one position), with where it stands. */
export function mention(text: string, named: Named[]): Hit | null {
  let best: Hit | null = null;
  for (const [id, names] of named) {
    for (const n of names) {
      const f = find(text, n);
      if (f && (!best || f.at < best.at || (f.at === best.at && f.len > best.len))) best = { id, ...f };
    }
  }
  return best;
}

/** The earliest of a list of words in the text. */
export function firstOf(text: string, words: readonly string[], from = 0): { at: number; len: number } | null {
  let best: { at: number; len: number } | null = null;
  for (const w of words) {
    const f = find(text, w, from);
    if (f && (!best || f.at < best.at || (f.at === best.at && f.len > best.len))) best = f;
  }
  return best;
}

/**
 * The words that follow a marker, up to a stop word or punctuation, without leading fillers
 * ("buy a <thing>" → "<thing>", in either language); `toEnd`: all the rest, without
 * leading connectives ("for a job" → "a job"). Cut from the original text, so the player's own
 * spelling survives.
 */
export function phraseAfter(raw: string, lower: string, at: number, k: Lists, toEnd = false): string {
  let rest = lower.slice(at);
  let orig = raw.slice(at);
  if (!toEnd) {
    const stop = firstOf(rest, k.stop ?? []);
    const punct = /[,.!?;，。！？；、]/.exec(rest);
    const end = Math.min(stop?.at ?? rest.length, punct?.index ?? rest.length);
    rest = rest.slice(0, end);
    orig = orig.slice(0, end);
  }
  // leading fillers (articles, counters), as many as there are
  for (let again = true; again;) {
    again = false;
    const trimmed = rest.trimStart();
    orig = orig.slice(rest.length - trimmed.length);
    rest = trimmed;
    for (const f of (toEnd ? k.lead : k.filler) ?? []) {
      const hit = find(rest, f);
      if (hit?.at === 0 && rest.length > f.length) {
        rest = rest.slice(f.length);
        orig = orig.slice(f.length);
        again = true;
        break;
      }
    }
  }
  return toEnd ? orig.trim() : orig.trim().replace(/[\s,.!?;，。！？；、]+$/, '');
}
