import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { i18n } from 'i18next';
import { fileURLToPath } from 'node:url';
import type { Lang } from '../model/text.ts';
import { createI18n as configured, fixedT, I18N_LANG, mergeLocale, type Tree } from './config.ts';

const LOCALES = fileURLToPath(new URL('../../locales/', import.meta.url));

/**
 * `locales/<lang>.json` plus every `locales/<lang>/*.json` (one file per area: prompts, server,
 * dashboard...), merged. Two files that define the same key are a mistake and are refused by name.
 */
export function readLocale(lang: Lang): Tree {
  const read = (file: string): Tree => JSON.parse(readFileSync(file, 'utf8'));
  const out = read(`${LOCALES}${lang}.json`);
  const dir = `${LOCALES}${lang}/`;
  const extra = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
    : [];
  for (const f of extra) mergeLocale(out, read(dir + f), `${lang}/${f}`);
  return out;
}

type Resources = Record<Lang, Record<string, unknown>>;

/** i18next over both languages (sim/i18n/config.ts), one tree of keys each. */
export function createI18n(resources: Resources): i18n {
  return configured({ cn: { translation: resources.cn }, en: { translation: resources.en } });
}

let shared: i18n | null = null;
const instance = () => (shared ??= createI18n({ cn: readLocale('cn'), en: readLocale('en') }));

export type T = (key: string, params?: Record<string, unknown>) => string;

export function translator(lang: Lang, inst: i18n = instance()): T {
  return fixedT(inst, lang);
}

export function hasKey(lang: Lang, key: string): boolean {
  return instance().exists(key, { lng: I18N_LANG[lang], fallbackLng: false });
}
