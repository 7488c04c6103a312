import { engineHas, engineT } from './locales.ts';
import type { Lang } from './types.ts';

/** a plain value as a word (a strategy, a resource) where the engine's locales have one, as the server shows it */
const word = (lang: Lang, key: string): string | undefined => (engineHas(key) ? engineT[lang](key) : undefined);

type Ref = { ref: string; id: string };
const isRef = (v: unknown): v is Ref => !!v && typeof v === 'object' && 'ref' in v && 'id' in v;

/**
 * A language-neutral message from the core (`{text}` or `{key, params}`, keys from the engine's
 * own locales, bundled read-only) as a line in `lang`; references become names.
 */
export function renderMessage(
  lang: Lang,
  m: unknown,
  name: (id: string, kind: string) => string,
  money: (n: number) => string = String,
): string {
  if (typeof m === 'string') return m;
  if (!m || typeof m !== 'object') return '';
  if ('text' in m && typeof m.text === 'string') return m.text;
  if (!('key' in m) || typeof m.key !== 'string') return '';
  const params: Record<string, string | number> = {};
  const raw = 'params' in m && m.params && typeof m.params === 'object' ? (m.params as Record<string, unknown>) : {};
  for (const [k, v] of Object.entries(raw)) {
    if (isRef(v)) params[k] = name(v.id, v.ref);
    else if (typeof v === 'string') params[k] = word(lang, `terms.${v}`) ?? word(lang, `names.resource.${v}`) ?? v;
    else if (k === 'money' && typeof v === 'number') params[k] = money(v);
    // a number stays a number, so a `count` picks its plural form ("1 person", "3 people")
    else params[k] = typeof v === 'number' ? v : String(v);
  }
  return engineT[lang](m.key, params);
}
