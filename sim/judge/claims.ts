import { readLocale } from '../i18n/translator.ts';
import { Renderer } from '../i18n/render.ts';
import type { EventBody } from '../model/events.ts';
import { LANGS, type Lang, type Message, type Param } from '../model/text.ts';
import type { Catalog } from '../scenario/catalog.ts';
import type { WorldState } from '../state/types.ts';

/**
 * Claims about the world in free text, found without a model: a small declared vocabulary of kinds
 * whose trigger words live in locales/{cn,en} (`claims.triggers.<kind>`, "|"-separated), matched
 * clause by clause with the names of the actors, places and things of the world the clause names.
 * One mechanism for every untrusted text: the World Engine's narrative and side effects, player
 * narration and bot speech.
 */
export const CLAIM_KINDS = ['death', 'collapse', 'loss', 'transfer', 'arrival', 'departure', 'destruction'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

export interface Claim { kind: ClaimKind; /** ids the clause names (actors, places, things) */ about: string[]; clause: string }

type Backing = {
  [K in ClaimKind]: {
    /** the ids an event that carries such a claim involves, or null if it carries none */
    by: (e: EventBody) => string[] | null;
    /** whether the committed state bears out the claim about the named ids (null: it cannot tell) */
    holds: (s: WorldState, about: string[]) => boolean | null;
  };
};

const down = (to: string[]) => (e: EventBody) => (e.type === 'status_changed' && to.includes(e.to) ? [e.actor] : null);
const statusIs = (to: string[]) => (s: WorldState, about: string[]) => {
  const people = about.filter((id) => Object.hasOwn(s.actors, id));
  return people.length ? people.some((id) => to.includes(s.actors[id].status)) : null;
};
const removed = (e: EventBody) => (e.type === 'entity_removed' ? [e.entity, ...(e.owner ? [e.owner] : [])] : null);
const whereIs = (there: boolean) => (s: WorldState, about: string[]) => {
  const people = about.filter((id) => Object.hasOwn(s.actors, id));
  const places = about.filter((id) => Object.hasOwn(s.places, id));
  if (!people.length || !places.length) return null;
  return people.some((a) => places.includes(s.actors[a].location) === there);
};

/** Which committed events back each kind of claim; tsc keeps it complete. */
const BACKING: Backing = {
  death: { by: down(['dying', 'dead']), holds: statusIs(['dying', 'dead']) },
  collapse: { by: down(['dying', 'unconscious', 'dead']), holds: statusIs(['dying', 'unconscious', 'dead']) },
  loss: {
    by: (e) => (e.type === 'transfer' ? [e.from, e.to] : e.type === 'money_destroyed' ? [e.from]
      : e.type === 'resource_changed' && e.delta < 0 ? [e.actor] : removed(e)),
    holds: () => null,
  },
  transfer: {
    by: (e) => (e.type === 'transfer' ? [e.from, e.to] : e.type === 'money_created' ? [e.to, ...(e.entity ? [e.entity] : [])]
      : e.type === 'money_destroyed' ? [e.from] : null),
    holds: () => null,
  },
  arrival: { by: (e) => (e.type === 'moved' ? [e.actor, e.to] : e.type === 'joined' ? [e.actor, e.place] : null), holds: whereIs(true) },
  departure: { by: (e) => (e.type === 'moved' ? [e.actor, e.from] : null), holds: whereIs(false) },
  destruction: {
    by: removed,
    // a thing the text can name still exists, so saying it was destroyed contradicts the state
    holds: (s, about) => (about.some((id) => Object.hasOwn(s.entities, id)) ? false : null),
  },
};

type Matcher = (clause: string) => boolean;
let vocab: { kind: ClaimKind; match: Matcher }[] | null = null;

/** Both languages' triggers, always: a model may answer in either, whatever the run's language. */
function vocabulary(): { kind: ClaimKind; match: Matcher }[] {
  if (vocab) return vocab;
  const out: { kind: ClaimKind; match: Matcher }[] = [];
  for (const lang of LANGS) {
    const triggers = (readLocaleCached(lang).claims as { triggers: Record<ClaimKind, string> }).triggers;
    for (const kind of CLAIM_KINDS) {
      const words = triggers[kind].split('|').map((w) => w.trim()).filter(Boolean);
      if (lang === 'cn') out.push({ kind, match: (c) => words.some((w) => c.includes(w)) });
      else {
        const re = new RegExp(`\\b(?:${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\b`, 'i');
        out.push({ kind, match: (c) => re.test(c) });
      }
    }
  }
  return (vocab = out);
}

type Names = { name: string; id: string }[];

/**
 * Names and rendered texts are cached per state: thousands of renders per claim otherwise. Names are
 * rebuilt once a tick (a thing or place made during the tick is named from the next: a claim about it
 * is read by the other names in its clause, its owner's in "Lao Chen's new stall burns down", or as
 * naming nothing); one id's names are rendered once for the state's life, as they never change.
 */
interface Cache { tick: number; names: Names | null; perId: Map<string, string[]>; params: Map<string, boolean>; claims: Map<string, Claim[]> }
const caches = new WeakMap<WorldState, Cache>();

/** Keyed by the last committed tick: players join at the start of a tick, before any claim is read. */
function cacheOf(state: WorldState): Cache {
  let c = caches.get(state);
  if (!c) caches.set(state, (c = { tick: state.tick, names: null, perId: new Map(), params: new Map(), claims: new Map() }));
  if (c.tick !== state.tick) Object.assign(c, { tick: state.tick, names: null, claims: new Map() });
  return c;
}

/** Every name of the world in both languages, longest first, so "Lao Chen's stall" is not read as "Lao Chen". */
function names(cat: Catalog, state: WorldState): Names {
  const c = cacheOf(state);
  if (c.names) return c.names;
  const rs = LANGS.map((lang) => new Renderer(lang, cat, state));
  const out: Names = [];
  const add = (id: string, render: (r: Renderer) => string) => {
    let ns = c.perId.get(id);
    if (!ns) c.perId.set(id, (ns = [...new Set(rs.map(render).filter((n) => n && n !== id).map((n) => n.toLowerCase()))]));
    for (const name of ns) out.push({ name, id });
  };
  for (const id of Object.keys(state.actors)) add(id, (r) => r.actor(id));
  for (const id of cat.places.keys()) add(id, (r) => r.place(id));
  for (const g of state.generatedPlaces) add(g.id, (r) => r.place(g.id));
  for (const id of Object.keys(state.entities)) add(id, (r) => r.entity(id));
  return (c.names = out.sort((a, b) => b.name.length - a.name.length));
}

const triggered = (text: string) => vocabulary().some((v) => v.match(text));

/** Whether a locale key's own template, in either language, holds a trigger word (the pack and locales never change in a run). */
const templates = new Map<string, boolean>();
function templateClaims(key: string): boolean {
  let hit = templates.get(key);
  if (hit === undefined) {
    hit = LANGS.some((lang) => {
      let node: unknown = readLocaleCached(lang);
      for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
      return typeof node === 'string' && triggered(node);
    });
    templates.set(key, hit);
  }
  return hit;
}
const locales: Partial<Record<Lang, Record<string, unknown>>> = {};
const readLocaleCached = (lang: Lang) => (locales[lang] ??= readLocale(lang));

/**
 * The texts a message stands for: free text as it is, a locale message rendered in both languages.
 * A locale message is rendered only if its template or one of its parameters (as rendered, cached per
 * for the state's life: names and facts never change) holds a trigger word: most messages of a tick claim nothing, and rendering is the cost.
 */
export function textsOf(m: Message, cat: Catalog, state: WorldState): string[] {
  if ('text' in m) return [m.text];
  const c = cacheOf(state);
  const rs = LANGS.map((lang) => new Renderer(lang, cat, state));
  const paramClaims = (v: Param) => {
    const k = typeof v === 'object' ? `${v.ref}\u0000${v.id}` : `${typeof v}\u0000${v}`;
    let hit = c.params.get(k);
    if (hit === undefined) c.params.set(k, (hit = rs.some((r) => triggered(r.param(v))) || (typeof v === 'string' && triggered(v))));
    return hit;
  };
  if (m.key !== 'fact.rumour' && !templateClaims(m.key) && !Object.values(m.params ?? {}).some(paramClaims)) return [];
  return rs.map((r) => r.render(m));
}

/** The claims a text makes, clause by clause. Names are looked up only in clauses that claim something. */
export function claimsIn(text: string, cat: Catalog, state: WorldState): readonly Claim[] {
  // one rumour is passed on by many in a tick: read each text once a tick
  const c = cacheOf(state);
  let out = c.claims.get(text);
  if (!out) c.claims.set(text, (out = readClaims(text, cat, state)));
  return out;
}

function readClaims(text: string, cat: Catalog, state: WorldState): Claim[] {
  const out: Claim[] = [];
  let known: { name: string; id: string }[] | null = null;
  for (const clause of text.split(/[.!?;\n。！？；]+/)) {
    const kinds = [...new Set(vocabulary().filter((v) => v.match(clause)).map((v) => v.kind))];
    if (!kinds.length) continue;
    known ??= names(cat, state);
    let rest = clause.toLowerCase();
    const about: string[] = [];
    for (const { name, id } of known) {
      if (!rest.includes(name)) continue;
      rest = rest.split(name).join(' ');
      if (!about.includes(id)) about.push(id);
    }
    for (const kind of kinds) out.push({ kind, about, clause: clause.trim() });
  }
  return out;
}

/** A claim is backed when an event of its kind involves what the clause names (or, naming nothing, exists at all). */
export function backed(claim: Claim, events: readonly EventBody[]): boolean {
  return events.some((e) => {
    const ids = BACKING[claim.kind].by(e);
    return ids !== null && (claim.about.length === 0 || claim.about.some((id) => ids.includes(id)));
  });
}

/** The claims of a message that the given events do not carry. */
export function unbackedClaims(m: Message, events: readonly EventBody[], cat: Catalog, state: WorldState): Claim[] {
  return textsOf(m, cat, state).flatMap((t) => claimsIn(t, cat, state)).filter((c) => !backed(c, events));
}

/** Whether the committed state gives the lie to a claim (false also when it cannot tell). */
export function contradicts(claim: Claim, state: WorldState): boolean {
  return BACKING[claim.kind].holds(state, claim.about) === false;
}

/** A claim as a model should read it when asked to repair: its kind and what it names. */
export const claimLabel = (c: Claim) => (c.about.length ? `${c.kind} (${c.about.join(', ')})` : c.kind);
