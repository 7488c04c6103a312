import { called } from '../i18n/match.ts';
import { localeString } from '../i18n/phrases.ts';
import { LANGS, type Text } from '../model/text.ts';
import type { Trait } from '../model/traits.ts';
import type { Catalog } from '../scenario/catalog.ts';
import type { WorldState } from '../state/types.ts';

/**
 * Whether an argument's words tie a trait to the attempt at hand, by rules
 * (docs/design.md, Traits and tags): the words must name the situation (the word by its names, the
 * pack's aliases or a generic verb for what it does; the target person; the place; the item) AND,
 * with another word, an aspect of the trait (its name or its positive aspect). English is read as
 * stemmed words without stop words, Chinese by substring (the situation's names whole, the aspect's
 * two-character pieces). The verbs and stop words come from `locales/<lang>/argue.json`.
 */

/** Where the attempt happens and at whom, as the server or the tick knows it from the call (ids, checked when read). */
export interface Situation {
  target?: string;
  place?: string;
  item?: string;
}

/** What the words lack: `both` when they name neither (a keyword, or nothing to do with it). */
export type Missing = 'situation' | 'aspect' | 'both';

/** Terms to look for: English stems, and Chinese strings to find as substrings. */
interface Terms {
  en: Set<string>;
  cn: string[];
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]+/g;
const LATIN_WORD = /[a-z0-9]+/g;

interface Lexicon {
  stopEn: Set<string>;
  stopCn: Set<string>;
  verbs: Map<string, Terms>;
}
let lexicon: Lexicon | undefined;

function lex(): Lexicon {
  if (lexicon) return lexicon;
  const list = (lang: 'cn' | 'en', key: string) =>
    localeString(lang, key)
      .split('|')
      .map((w) => w.trim().toLowerCase())
      .filter(Boolean);
  const stopEn = new Set(list('en', 'argueFit.stop'));
  const stopCn = new Set(list('cn', 'argueFit.stop'));
  lexicon = { stopEn, stopCn, verbs: new Map() };
  return lexicon;
}

/** A light English stemmer: enough that "sings", "singing" and "sing" meet, and "carries" meets "carry". */
export function stem(w: string): string {
  let s = w.endsWith("'s") ? w.slice(0, -2) : w;
  if (s.length > 4 && s.endsWith('ies')) s = `${s.slice(0, -3)}y`;
  else if (s.length > 5 && s.endsWith('ing')) s = undouble(s.slice(0, -3));
  else if (s.length > 4 && s.endsWith('ed')) s = undouble(s.slice(0, -2));
  else if (s.length > 4 && /(ss|x|ch|sh)es$/.test(s)) s = s.slice(0, -2);
  else if (s.length > 3 && s.endsWith('s') && !s.endsWith('ss')) s = s.slice(0, -1);
  if (s.length > 4 && s.endsWith('ly')) s = s.slice(0, -2);
  else if (s.length > 4 && s.endsWith('er')) s = s.slice(0, -2);
  if (s.length > 3 && s.endsWith('e')) s = s.slice(0, -1);
  return s;
}
const undouble = (s: string) =>
  s.length > 3 && s[s.length - 1] === s[s.length - 2] && !/[aeiouls]/.test(s[s.length - 1]) ? s.slice(0, -1) : s;

/** The English stems of a text, stop words left out. */
function stems(text: string): string[] {
  const { stopEn } = lex();
  const out: string[] = [];
  for (const m of text
    .toLowerCase()
    .replace(/[’']s\b/g, '')
    .matchAll(LATIN_WORD))
    if (!stopEn.has(m[0])) out.push(stem(m[0]));
  return out;
}

/** A phrase as terms: its English stems, and its Chinese runs whole (`whole`) or as two-character pieces. */
function addTerms(into: Terms, phrase: string, whole: boolean): void {
  for (const s of stems(phrase)) into.en.add(s);
  const { stopCn } = lex();
  for (const m of phrase.matchAll(CJK)) {
    const run = m[0];
    if (whole || run.length < 2) into.cn.push(run);
    if (!whole) for (let i = 0; i + 2 <= run.length; i++) if (!stopCn.has(run.slice(i, i + 2))) into.cn.push(run.slice(i, i + 2));
  }
}
const terms = (): Terms => ({ en: new Set(), cn: [] });
const texts = (t: Text | undefined) => (t ? [t.cn, t.en] : []);

/** The generic verbs of a mechanism, both languages, read once. */
function verbsOf(does: string): Terms {
  const { verbs } = lex();
  let t = verbs.get(does);
  if (!t) {
    t = terms();
    for (const lang of LANGS) for (const v of localeString(lang, `argueFit.verbs.${does}`).split('|')) if (v.trim()) addTerms(t, v, true);
    verbs.set(does, t);
  }
  return t;
}

/** What an argument may name of the attempt: the word, what it does, the target, the place, the item (the word's own items too). */
function situationTerms(cat: Catalog, state: WorldState, word: string, s: Situation): Terms {
  const out = terms();
  const w = cat.words.manner(word) ?? cat.words.purpose(word);
  if (w) {
    for (const n of called(w)) addTerms(out, n, true);
    const v = verbsOf(w.does);
    for (const x of v.en) out.en.add(x);
    out.cn.push(...v.cn);
  }
  const named = situationNames(cat, state, s);
  for (const n of [...texts(named.target), ...(named.aliases ?? []), ...texts(named.place), ...texts(named.item)]) addTerms(out, n, true);
  for (const id of w && 'items' in w ? (w.items ?? []) : []) for (const n of texts(cat.items.get(id)?.name)) addTerms(out, n, true);
  return out;
}

/** The names of a situation's ids (the target's pack aliases too); an id that names nothing (`__proto__`, a stranger) is left out. */
export function situationNames(
  cat: Catalog,
  state: WorldState,
  s: Situation,
): { target?: Text; aliases?: string[]; place?: Text; item?: Text } {
  const target = s.target !== undefined && Object.hasOwn(state.actors, s.target) ? state.actors[s.target] : undefined;
  const soul = target && cat.souls.get(target.soul);
  return {
    target: target && (target.player?.name ?? soul?.soul.name),
    aliases: target && !target.player && soul ? [...soul.aliases.cn, ...soul.aliases.en] : undefined,
    place: s.place === undefined ? undefined : (cat.places.get(s.place)?.name ?? state.generatedPlaces.find((p) => p.id === s.place)?.name),
    item: s.item === undefined ? undefined : cat.items.get(s.item)?.name,
  };
}

/** What an argument may name of the trait: its name and its positive aspect, both languages. */
function aspectTerms(trait: Trait): Terms {
  const out = terms();
  for (const n of [...texts(trait.name), ...texts(trait.positive)]) addTerms(out, n, false);
  return out;
}

/**
 * What the words lack to tie the trait to the attempt, or null when they tie them. The two must be
 * named by different words: "sing" alone names a song and a singer's voice, and is still one keyword.
 */
export function missingLink(cat: Catalog, state: WorldState, trait: Trait, word: string, words: string, s: Situation): Missing | null {
  const sit = situationTerms(cat, state, word, s);
  const asp = aspectTerms(trait);
  const said = stems(words);
  const sitEn = new Set(said.filter((x) => sit.en.has(x)));
  const aspEn = new Set(said.filter((x) => asp.en.has(x)));
  const lower = words.toLowerCase();
  // Chinese: the situation's names are masked out before the aspect is looked for, so one string is not both
  let masked = lower;
  let sitCn = false;
  for (const t of sit.cn)
    if (masked.includes(t)) {
      sitCn = true;
      masked = masked.replaceAll(t, '\u0000');
    }
  const aspCn = asp.cn.some((t) => masked.includes(t));
  const hasSit = sitEn.size > 0 || sitCn;
  const hasAsp = aspEn.size > 0 || aspCn;
  // an English word that is both counts for one side only: another word must name the other
  const linked = aspCn ? hasSit : sitCn ? hasAsp : [...aspEn].some((a) => [...sitEn].some((x) => x !== a));
  if (linked) return null;
  if (hasSit && hasAsp) return sitEn.size >= aspEn.size ? 'aspect' : 'situation';
  return hasSit ? 'aspect' : hasAsp ? 'situation' : 'both';
}
