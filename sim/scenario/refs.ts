import { CONTENT_KEYS } from '../i18n/content.ts';
import { localeString } from '../i18n/phrases.ts';
import type { Scenario } from '../model/scenario.ts';
import { LANGS, type Message, type Ref } from '../model/text.ts';
import type { Vocabulary } from '../model/vocabulary.ts';

/** Reports one problem of a pack: the file, the JSON path inside it, the reason's key under `pack.` and its parameters. */
export type At = (file: string, path: PropertyKey[], key: string, params?: Record<string, string>) => void;

/**
 * Every id a pack file may point at, from the files that parsed. A set is null when its file did not
 * parse (its own problems are reported; nothing is said against it), empty when the file is absent.
 */
export interface PackRefs {
  places: Set<string> | null;
  actors: Set<string> | null;
  templates: Set<string> | null;
  items: Set<string> | null;
  entities: Set<string>;
  quests: Set<string> | null;
  jobs: Set<string> | null;
  sources: Set<string> | null;
  sinks: Set<string> | null;
  funds: Set<string> | null;
  vocabulary: Vocabulary | null;
}

type Parts = Pick<Scenario, 'entities'> & {
  meta: Scenario['meta'] | null;
  vocabulary: Scenario['vocabulary'] | null;
  places: Scenario['places'] | null;
  actors: Scenario['actors'] | null;
  templates: Scenario['templates'] | null;
  quests?: Scenario['quests'];
};

const ids = (list: { id: string }[] | null | undefined) => (list ? new Set(list.map((x) => x.id)) : null);

/** The pack's ids; `questsBroken`: quests.json is there but did not parse (an absent one declares no quest). */
export function packRefs(p: Parts, questsBroken = false): PackRefs {
  return {
    places: ids(p.places),
    actors: ids(p.actors),
    templates: ids(p.templates),
    items: ids(p.meta?.items),
    entities: new Set(p.entities.map((e) => e.id)),
    quests: questsBroken ? null : new Set((p.quests?.quests ?? []).map((q) => q.id)),
    jobs: ids(p.meta?.jobs),
    sources: ids(p.meta?.rules.money.sources),
    sinks: ids(p.meta?.rules.money.sinks),
    funds: ids(p.meta?.rules.money.funds),
    vocabulary: p.vocabulary,
  };
}

type Section = 'modes' | 'channels' | 'manners' | 'purposes' | 'kinds' | 'roles';
/** The ids a section of vocabulary.json declares (null: it did not parse). */
export const wordsOf = (refs: PackRefs, section: Section): Set<string> | null =>
  refs.vocabulary ? new Set(Object.keys(refs.vocabulary[section])) : null;

/** How many known ids an error lists: enough for any pack an author writes by hand, short enough to read. */
const SHOWN = 30;

/** The ids an author could have meant, for an error: in the pack's order, '—' when there are none. */
export function knownList(known: Iterable<string>): string {
  const all = [...known];
  if (!all.length) return '—';
  return all.length > SHOWN ? `${all.slice(0, SHOWN).join(', ')}, … (+${all.length - SHOWN})` : all.join(', ');
}

/**
 * Whether `id` is one of `known`; if not, says so at `path` (`pack.<key>`, with the id and the known
 * ids). A null `known` is a file that did not parse: nothing is said.
 */
export function refCheck(at: At, file: string, path: PropertyKey[], key: string, id: string, known: ReadonlySet<string> | null): boolean {
  if (known === null || known.has(id)) return true;
  at(file, path, key, { id, known: knownList(known) });
  return false;
}

/** The key an unknown reference of each kind is reported under, and the ids it is checked against. */
const REF_KINDS: Record<Ref['ref'], { key: string; known: (r: PackRefs) => Set<string> | null }> = {
  actor: { key: 'unknown_actor', known: (r) => r.actors },
  place: { key: 'unknown_place', known: (r) => r.places },
  entity: { key: 'unknown_entity', known: (r) => r.entities },
  item: { key: 'unknown_item', known: (r) => r.items },
  template: { key: 'unknown_template', known: (r) => r.templates },
  job: { key: 'unknown_job', known: (r) => r.jobs },
  mode: { key: 'unknown_mode', known: (r) => wordsOf(r, 'modes') },
  channel: { key: 'unknown_channel', known: (r) => wordsOf(r, 'channels') },
  verb: { key: 'unknown_channel', known: (r) => wordsOf(r, 'channels') },
  manner: { key: 'unknown_manner', known: (r) => wordsOf(r, 'manners') },
  purpose: { key: 'unknown_purpose', known: (r) => wordsOf(r, 'purposes') },
  kind: { key: 'unknown_kind', known: (r) => wordsOf(r, 'kinds') },
  fund: { key: 'unknown_fund', known: (r) => r.funds },
  // facts are made as the world runs: a pack has none to name
  fact: { key: 'unknown_fact', known: () => new Set() },
};

const slotCache = new Map<string, Set<string>>();
/** The `{{slots}}` a locale message fills, in either language. */
function slotsOf(key: string): Set<string> {
  let slots = slotCache.get(key);
  if (!slots) {
    slots = new Set(LANGS.flatMap((lang) => [...localeString(lang, key).matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((m) => m[1])));
    slotCache.set(key, slots);
  }
  return slots;
}

/**
 * What a character says in a pack's own words (a story choice, a director's fact): one of the
 * content keys (sim/i18n/content.ts), never free text (it would read in one language only), with
 * exactly the parameters its text fills, each a number or a reference to something the pack has.
 */
export function contentCheck(m: Message, file: string, path: PropertyKey[], refs: PackRefs, at: At): void {
  if ('text' in m) {
    at(file, path, 'content_free_text', { known: knownList(CONTENT_KEYS) });
    return;
  }
  if (!refCheck(at, file, [...path, 'key'], 'unknown_content_key', m.key, CONTENT_KEYS)) return;
  const slots = slotsOf(m.key);
  const params = m.params ?? {};
  for (const slot of slots)
    if (!Object.hasOwn(params, slot)) at(file, [...path, 'params'], 'content_param_missing', { key: m.key, param: slot });
  for (const [name, v] of Object.entries(params)) {
    const here = [...path, 'params', name];
    if (!slots.has(name)) at(file, here, 'content_param_unknown', { key: m.key, param: name, known: knownList(slots) });
    else if (typeof v === 'string') at(file, here, 'content_param_text', { key: m.key, param: name });
    else if (typeof v === 'object') {
      const kind = REF_KINDS[v.ref];
      refCheck(at, file, [...here, 'id'], kind.key, v.id, kind.known(refs));
    }
  }
}
