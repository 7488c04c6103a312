import { LANGS, type Lang } from '../model/text.ts';
import { readLocale } from './translator.ts';

/** A finder of a word list's phrases in a text: the first phrase found, or null. */
export type PhraseFinder = (text: string) => string | null;

/**
 * The one way a locale's word list ("|"-separated phrases) is looked for in a text: Chinese by
 * substring (it has no spaces between words), English as whole words, ignoring case.
 */
export function phraseFinder(lang: Lang, list: string): PhraseFinder {
  const words = phrasesOf(list);
  if (!words.length) return () => null;
  if (lang === 'cn') return (text) => words.find((w) => text.includes(w)) ?? null;
  const re = wholeWords(words);
  return (text) => re.exec(text)?.[0] ?? null;
}

/**
 * Whether a text holds a phrase of any of the lists, found as phraseFinder finds them: one
 * expression for all of a language's lists (a phrase is found in the union of lists if and only if
 * one list finds it), and no match built, for a question asked of every text. Chinese phrases too
 * are one expression, of the phrases as they are (a substring, as `includes` finds it): a tenth of
 * the time of asking `includes` of each of a hundred phrases.
 */
export function phraseTest(lang: Lang, lists: readonly string[]): (text: string) => boolean {
  const words = lists.flatMap(phrasesOf);
  if (!words.length) return () => false;
  const re = lang === 'cn' ? new RegExp(words.map(literal).join('|')) : wholeWords(words);
  return (text) => re.test(text);
}

const phrasesOf = (list: string): string[] =>
  list
    .split('|')
    .map((w) => w.trim())
    .filter(Boolean);

/** English phrases as whole words, ignoring case (no `g` flag: a test keeps no state between texts). */
const wholeWords = (words: string[]): RegExp => new RegExp(`\\b(?:${words.map(literal).join('|')})\\b`, 'i');

/** A phrase as a regular expression that matches it as written. */
const literal = (w: string): string => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const locales: Partial<Record<Lang, Record<string, unknown>>> = {};

/** The string at a dotted locale path, in one language ('' when the locale has none): a word list, or a message's own text. */
export function localeString(lang: Lang, key: string): string {
  let node: unknown = (locales[lang] ??= readLocale(lang));
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : '';
}

/** A finder over both languages' lists at a locale path: a text may be written in either. */
export function bothLanguages(key: string): PhraseFinder {
  const finders = LANGS.map((lang) => phraseFinder(lang, localeString(lang, key)));
  return (text) => {
    for (const f of finders) {
      const hit = f(text);
      if (hit !== null) return hit;
    }
    return null;
  };
}
