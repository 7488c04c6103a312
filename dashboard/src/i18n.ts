import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import cnTable from '../../locales/cn/dashboard.json';
import enTable from '../../locales/en/dashboard.json';
import cnStory from '../../locales/cn/dashboard-story.json';
import enStory from '../../locales/en/dashboard-story.json';
import cnNames from '../../locales/cn/names.json';
import enNames from '../../locales/en/names.json';
import type { Lang, Text } from './types.ts';

type Tree = { [k: string]: string | Tree };

/** the story layer's words live in their own file, merged key by key as the server merges locales */
function deep(a: Tree, b: Tree): Tree {
  const out: Tree = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = typeof v === 'object' && typeof out[k] === 'object' ? deep(out[k] as Tree, v) : v;
  return out;
}

// a person's condition is named once, in names.json, for the server and the page alike
const TABLES: Record<Lang, Tree> = {
  cn: deep({ ...cnTable.dashboard, status: cnNames.names.status } as Tree, cnStory.dashboard as Tree),
  en: deep({ ...enTable.dashboard, status: enNames.names.status } as Tree, enStory.dashboard as Tree),
};
export const other = (lang: Lang): Lang => (lang === 'cn' ? 'en' : 'cn');

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function interpolate(s: string, params?: Record<string, string | number>): string {
  return params ? s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? '')) : s;
}

/** The requested language, then the other one, then the key itself. */
export function translate(lang: Lang, key: string, params?: Record<string, string | number>): string {
  const s = lookup(TABLES[lang], key) ?? lookup(TABLES[other(lang)], key) ?? key;
  return interpolate(s, params);
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
    t: (key: string, params?: Record<string, string | number>) => translate(lang, key, params),
    tx: (text: Partial<Text> | null | undefined) => pick(lang, text),
    /** a number as people of that language write it (thousands grouped) */
    num: (n: number) => n.toLocaleString(lang === 'cn' ? 'zh-CN' : 'en-US'),
  };
}
