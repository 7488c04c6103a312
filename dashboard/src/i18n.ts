import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { pageT } from './locales.ts';
import type { Lang, Text } from './types.ts';

export const other = (lang: Lang): Lang => (lang === 'cn' ? 'en' : 'cn');

/** The requested language, then the other one, then the key itself (i18next, configured as on the server). */
export function translate(lang: Lang, key: string, params?: Record<string, string | number>): string {
  return pageT[lang](key, params);
}

/** A `{cn, en}` field in the chosen language, falling back to the other one. */
export function pick(lang: Lang, text: Partial<Text> | null | undefined): string {
  if (!text) return '';
  return text[lang] || text[other(lang)] || '';
}

export const LangContext = createContext<Lang>('en');

export function useT() {
  const lang = useContext(LangContext);
  return {
    lang,
    t: pageT[lang],
    tx: (text: Partial<Text> | null | undefined) => pick(lang, text),
    /** a number as people of that language write it (thousands grouped) */
    num: (n: number) => n.toLocaleString(lang === 'cn' ? 'zh-CN' : 'en-US'),
  };
}
