import { readFileSync } from 'node:fs';
import i18next, { type i18n } from 'i18next';
import { fileURLToPath } from 'node:url';
import type { Lang } from '../model/text.ts';

/** i18next knows Chinese as zh-CN; the project calls it cn. */
const I18N_LANG: Record<Lang, string> = { cn: 'zh-CN', en: 'en' };

const LOCALES = fileURLToPath(new URL('../../locales/', import.meta.url));

export function readLocale(lang: Lang): Record<string, unknown> {
  return JSON.parse(readFileSync(`${LOCALES}${lang}.json`, 'utf8'));
}

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
