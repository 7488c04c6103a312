import cnServer from '../../locales/cn.json';
import enServer from '../../locales/en.json';
import cnNames from '../../locales/cn/names.json';
import enNames from '../../locales/en/names.json';
import { interpolate } from './i18n.ts';
import type { Lang } from './types.ts';

type Tree = { [k: string]: unknown };
const SERVER: Record<Lang, Tree> = { cn: { ...cnServer, ...cnNames } as Tree, en: { ...enServer, ...enNames } as Tree };

function lookup(tree: Tree, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Tree)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

type Ref = { ref: string; id: string };
const isRef = (v: unknown): v is Ref => !!v && typeof v === 'object' && 'ref' in v && 'id' in v;

/**
 * A language-neutral message from the core (`{text}` or `{key, params}`, keys from the engine's
 * own locales, bundled read-only) as a line in `lang`; references become names.
 */
export function renderMessage(lang: Lang, m: unknown, name: (id: string) => string, money: (n: number) => string = String): string {
  if (typeof m === 'string') return m;
  if (!m || typeof m !== 'object') return '';
  if ('text' in m && typeof m.text === 'string') return m.text;
  if (!('key' in m) || typeof m.key !== 'string') return '';
  const params: Record<string, string> = {};
  const raw = 'params' in m && m.params && typeof m.params === 'object' ? (m.params as Record<string, unknown>) : {};
  for (const [k, v] of Object.entries(raw)) {
    if (isRef(v)) params[k] = name(v.id);
    else if (typeof v === 'string') params[k] = lookup(SERVER[lang], `terms.${v}`) ?? lookup(SERVER[lang], `names.resource.${v}`) ?? v;
    else if (k === 'money' && typeof v === 'number') params[k] = money(v);
    else params[k] = String(v);
  }
  const other: Lang = lang === 'cn' ? 'en' : 'cn';
  // a key with a count has plural forms (`_one`, `_other`), as i18next keeps them on the server
  const count = raw.count;
  const plural = typeof count === 'number' ? `${m.key}_${new Intl.PluralRules(lang === 'cn' ? 'zh-CN' : 'en').select(count)}` : null;
  const s = (plural && (lookup(SERVER[lang], plural) ?? lookup(SERVER[lang], `${m.key}_other`))) ?? lookup(SERVER[lang], m.key) ?? lookup(SERVER[other], m.key) ?? m.key;
  return interpolate(s, params);
}
