import cnEngine from '../../locales/cn.json' with { type: 'json' };
import enEngine from '../../locales/en.json' with { type: 'json' };
import cnNames from '../../locales/cn/names.json' with { type: 'json' };
import enNames from '../../locales/en/names.json' with { type: 'json' };
import cnDash from '../../locales/cn/dashboard.json' with { type: 'json' };
import enDash from '../../locales/en/dashboard.json' with { type: 'json' };
import cnStory from '../../locales/cn/dashboard-story.json' with { type: 'json' };
import enStory from '../../locales/en/dashboard-story.json' with { type: 'json' };
import cnScene from '../../locales/cn/dashboard-scene.json' with { type: 'json' };
import enScene from '../../locales/en/dashboard-scene.json' with { type: 'json' };
import cnReplies from '../../locales/cn/replies.json' with { type: 'json' };
import enReplies from '../../locales/en/replies.json' with { type: 'json' };
import { createI18n, fixedT, I18N_LANG, mergeLocale, type Tree } from '../../sim/i18n/config.ts';
import type { Lang } from './types.ts';

/** files merged key by key, as the server merges them; copies, so the imported modules stay as they are */
const merged = (files: [string, Tree][]): Tree =>
  files.reduce((into, [file, tree]) => mergeLocale(into, structuredClone(tree), file), {} as Tree);

/**
 * Two namespaces: `dashboard`, the page's own words (keys without the `dashboard.` prefix; a person's
 * condition, `status.*`, named once in names.json for the server and the page alike), and
 * `translation`, the engine's messages the page renders, keyed as on the server.
 */
function bundles(lang: Lang, engine: Tree, names: Tree, dash: Tree, story: Tree, scene: Tree, replies: Tree): Record<string, Tree> {
  const status = (names.names as Tree).status as Tree;
  return {
    dashboard: merged([
      [`${lang}/dashboard.json`, dash.dashboard as Tree],
      [`${lang}/dashboard-story.json`, story.dashboard as Tree],
      [`${lang}/dashboard-scene.json`, scene.dashboard as Tree],
      [`${lang}/names.json`, { status }],
    ]),
    translation: merged([
      [`${lang}.json`, engine],
      [`${lang}/names.json`, names],
      // what people say back (reply.*), which the map's bubbles render from the words' keys
      [`${lang}/replies.json`, replies],
    ]),
  };
}

const i18n = createI18n({
  cn: bundles('cn', cnEngine, cnNames, cnDash, cnStory, cnScene, cnReplies),
  en: bundles('en', enEngine, enNames, enDash, enStory, enScene, enReplies),
});

type Params = Record<string, string | number>;
type T = (key: string, params?: Params) => string;
const fixed = (lang: Lang, ns: string): T => fixedT(i18n, lang, ns);

/** The page's words: the requested language, then the other one, then the key itself. */
export const pageT: Record<Lang, T> = { cn: fixed('cn', 'dashboard'), en: fixed('en', 'dashboard') };
/** The engine's messages, as the server's translator renders them. */
export const engineT: Record<Lang, T> = { cn: fixed('cn', 'translation'), en: fixed('en', 'translation') };

/** Whether the engine's locales name `key` in either language (a term, a resource), as the server asks. */
export const engineHas = (key: string): boolean =>
  Object.values(I18N_LANG).some((lng) => i18n.exists(key, { lng, ns: 'translation', fallbackLng: false }));
