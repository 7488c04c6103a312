import { existsSync, readdirSync, readFileSync } from 'node:fs';
import i18next, { type i18n } from 'i18next';
import { fileURLToPath } from 'node:url';
import type { Lang } from '../model/text.ts';

/** i18next knows Chinese as zh-CN; the project calls it cn. */
const I18N_LANG: Record<Lang, string> = { cn: 'zh-CN', en: 'en' };

const LOCALES = fileURLToPath(new URL('../../locales/', import.meta.url));

type Tree = Record<string, unknown>;

/**
 * `locales/<lang>.json` plus every `locales/<lang>/*.json` (one file per area: prompts, server,
 * dashboard...), merged. Two files that define the same key are a mistake and are refused by name.
 */
export function readLocale(lang: Lang): Tree {
  const read = (file: string): Tree => JSON.parse(readFileSync(file, 'utf8'));
  const out = read(`${LOCALES}${lang}.json`);
  const dir = `${LOCALES}${lang}/`;
  const extra = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];
  for (const f of extra) merge(out, read(dir + f), `${lang}/${f}`, '');
  return out;
}

function merge(into: Tree, from: Tree, file: string, prefix: string): void {
  for (const [k, v] of Object.entries(from)) {
    const there = into[k];
    if (there === undefined) into[k] = v;
    else if (isTree(there) && isTree(v)) merge(there, v, file, `${prefix}${k}.`);
    else throw new Error(`locales/${file}: key ${prefix}${k} is already defined`);
  }
}

const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

type Resources = Record<Lang, Record<string, unknown>>;

/** i18next over both languages: a missing key falls back to the other language, then to the key itself. */
export function createI18n(resources: Resources): i18n {
  const inst = i18next.createInstance();
  inst.init({
    initAsync: false,
    resources: { 'zh-CN': { translation: resources.cn }, en: { translation: resources.en } },
    lng: 'en',
    fallbackLng: { 'zh-CN': ['en'], en: ['zh-CN'], default: ['en'] },
    interpolation: { escapeValue: false },
    nsSeparator: false,
    returnNull: false,
  });
  return inst;
}

let shared: i18n | null = null;
const instance = () => (shared ??= createI18n({ cn: readLocale('cn'), en: readLocale('en') }));

export type T = (key: string, params?: Record<string, unknown>) => string;

export function translator(lang: Lang, inst: i18n = instance()): T {
  const fixed = inst.getFixedT(I18N_LANG[lang]);
  return (key, params) => fixed(key, params ?? {}) as string;
}

export function hasKey(lang: Lang, key: string): boolean {
  return instance().exists(key, { lng: I18N_LANG[lang], fallbackLng: false });
}
