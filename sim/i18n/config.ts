import i18next, { type i18n } from 'i18next';

/*
 * How the project uses i18next, shared by the server's translator and the dashboard's bundle: it
 * imports nothing of the project, so the browser can take it as it is.
 */

type Lang = 'cn' | 'en';
export type Tree = Record<string, unknown>;

/** i18next knows Chinese as zh-CN; the project calls it cn. */
export const I18N_LANG: Record<Lang, string> = { cn: 'zh-CN', en: 'en' };

const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * One locale file merged into a language's tree, key by key. Two files that define the same key are
 * a mistake and are refused by name.
 */
export function mergeLocale(into: Tree, from: Tree, file: string, prefix = ''): Tree {
  for (const [k, v] of Object.entries(from)) {
    const there = into[k];
    if (there === undefined) into[k] = v;
    else if (isTree(there) && isTree(v)) mergeLocale(there, v, file, `${prefix}${k}.`);
    else throw new Error(`locales/${file}: key ${prefix}${k} is already defined`);
  }
  return into;
}

/**
 * i18next over both languages, each with its namespaces (`translation` unless told): a missing key
 * falls back to the other language, then to the key itself; values go in as they are (the texts are
 * plain text, never HTML); a numeric `count` picks the plural form (`_one`, `_other`); a value
 * missing from the parameters stays as its `{{slot}}`.
 */
export function createI18n(resources: Record<Lang, Record<string, Tree>>): i18n {
  const inst = i18next.createInstance();
  inst.init({
    initAsync: false,
    resources: { [I18N_LANG.cn]: resources.cn, [I18N_LANG.en]: resources.en },
    ns: Object.keys(resources.en),
    lng: I18N_LANG.en,
    fallbackLng: { [I18N_LANG.cn]: [I18N_LANG.en], [I18N_LANG.en]: [I18N_LANG.cn], default: [I18N_LANG.en] },
    interpolation: { escapeValue: false },
    nsSeparator: false,
    returnNull: false,
    // a key that names a group of texts (`tools`), not one, reads as the key, as a missing one does
    returnedObjectHandler: (key: string) => key,
  });
  return inst;
}

/**
 * `t` in one language (and namespace): i18next's own `t` with the language among the options. Not
 * `getFixedT`, which copies the instance's whole options object on every call, three times the cost
 * of the lookup itself; the engine renders thousands of texts a tick.
 */
export function fixedT(inst: i18n, lang: Lang, ns?: string): (key: string, params?: Record<string, unknown>) => string {
  const lng = I18N_LANG[lang];
  if (ns === undefined) return (key, params) => inst.t(key, { ...params, lng }) as string;
  return (key, params) => inst.t(key, { ...params, lng, ns }) as string;
}
