import { Renderer } from '../i18n/render.ts';
import { localeString, phraseTest } from '../i18n/phrases.ts';
import { LANGS, type Lang, type Message, type Param, type Ref, ref } from '../model/text.ts';
import type { Catalog } from '../scenario/catalog.ts';
import type { WorldState } from '../state/types.ts';
import { membersOf } from '../state/members.ts';
import { type Claim, CLAIM_KINDS, type ClaimKind } from '../model/claims.ts';

/**
 * The text side of claim checking (claims.ts): trigger words, the world's names, messages rendered.
 * All cached, since the Judge reads every proposed text: per run (locales, the pack), per state
 * (one id's names and one parameter's rendering never change) and per tick (new names indexed,
 * each text's claims). Rendering is the cost; most texts of a tick claim nothing and are not rendered.
 */

/** A claim kind's trigger phrases in one language (locales' `claims.triggers`). */
const triggersOf = (lang: Lang, kind: ClaimKind) => localeString(lang, `claims.triggers.${kind}`);

type Matcher = (clause: string) => boolean;
let vocab: { kind: ClaimKind; match: Matcher }[] | null = null;

/** Both languages' triggers, always: a model may answer in either, whatever the run's language. */
export function vocabulary(): { kind: ClaimKind; match: Matcher }[] {
  if (vocab) return vocab;
  const out: { kind: ClaimKind; match: Matcher }[] = [];
  for (const lang of LANGS) for (const kind of CLAIM_KINDS) out.push({ kind, match: phraseTest(lang, [triggersOf(lang, kind)]) });
  return (vocab = out);
}

let anyTrigger: ((text: string) => boolean)[] | null = null;
/** Whether a text holds any kind's trigger in either language: one test per language, not one per kind. */
function triggered(text: string): boolean {
  anyTrigger ??= LANGS.map((lang) =>
    phraseTest(
      lang,
      CLAIM_KINDS.map((kind) => triggersOf(lang, kind)),
    ),
  );
  return anyTrigger.some((test) => test(text));
}

const templates = new Map<string, boolean>();
/** Whether a locale key's own template, in either language, holds a trigger word. */
function templateClaims(key: string): boolean {
  let hit = templates.get(key);
  if (hit === undefined) {
    hit = LANGS.some((lang) => triggered(localeString(lang, key)));
    templates.set(key, hit);
  }
  return hit;
}

/** `seq` numbers names in the order they are added */
export type Names = { name: string; id: string; seq: number }[];
interface Cache {
  tick: number;
  rs: Renderer[];
  /** whether the names were gathered, and at which tick; ids already named; how many actors, things and places were looked at */
  built: boolean;
  namesAt: number;
  named: Set<string>;
  seen: { actors: number; entity: number; place: number };
  params: Partial<Record<Ref['ref'] | 'scalar', Map<string | number, boolean>>>;
  claims: Map<string, readonly Claim[]>;
  texts: Map<string, string[]>;
  /** texts that read the same all run long */
  stableTexts: Map<string, string[]>;
  /** every name by how it starts (namesIn), kept up to date as names are added */
  heads: Map<string, Names>;
  always: Names;
  seq: number;
}
const caches = new WeakMap<WorldState, Cache>();

/** Per state; the per-tick part is reset when the last committed tick moves (players join before any claim is read). */
export function cacheOf(cat: Catalog, state: WorldState): Cache {
  let c = caches.get(state);
  if (!c) {
    c = {
      tick: state.tick,
      rs: LANGS.map((lang) => new Renderer(lang, cat, state)),
      built: false,
      namesAt: -2,
      named: new Set(),
      seen: { actors: 0, entity: 0, place: 0 },
      params: {},
      claims: new Map(),
      texts: new Map(),
      stableTexts: new Map(),
      heads: new Map(),
      always: [],
      seq: 0,
    };
    caches.set(state, c);
  }
  if (c.tick !== state.tick) Object.assign(c, { tick: state.tick, claims: new Map(), texts: new Map() });
  return c;
}

/**
 * Every name of the world in both languages, indexed by how it starts (namesIn). Things count only if named: an unnamed one is called by its owner's name and its kind
 * ("Lao Chen's food stall"), and its owner's name is enough to match the events that touch it
 * (entity_removed carries the owner). Brought up to date once a tick: a thing or place made during the tick is named from the
 * next, and a claim about it is read by the other names of its clause (its owner's) or as naming nothing.
 */
function gatherNames(cat: Catalog, state: WorldState): Cache {
  const c = cacheOf(cat, state);
  if (c.built && c.namesAt === state.tick) return c;
  // an id's names in each language, once each (a world's first claim names thousands)
  const add = (id: string, render: (r: Renderer) => string) => {
    if (c.named.has(id)) return;
    c.named.add(id);
    const got: string[] = [];
    for (const r of c.rs) {
      const n = render(r);
      if (!n || n === id) continue;
      const name = n.toLowerCase();
      if (got.includes(name)) continue;
      got.push(name);
      byStart(c, { name, id, seq: c.seq++ });
    }
  };
  const actors = membersOf(state.actors);
  if (actors.length !== c.seen.actors) for (const { id } of actors) add(id, (r) => r.actor(id));
  if (!c.built) {
    for (const id of cat.places.keys()) add(id, (r) => r.place(id));
    for (const id of Object.keys(state.entities)) if (state.entities[id].name) add(id, (r) => r.entity(id));
    for (const g of state.generatedPlaces) add(g.id, (r) => r.place(g.id));
  } else {
    // ids of things and places the Judge made are numbered in order (Draft.nextId)
    for (let n = c.seen.entity + 1; n <= state.counters.entity; n++)
      if (state.entities[`e:${n}`]?.name) add(`e:${n}`, (r) => r.entity(`e:${n}`));
    for (let n = c.seen.place + 1; n <= state.counters.place; n++) add(`p:${n}`, (r) => r.place(`p:${n}`));
  }
  c.seen = { actors: actors.length, entity: state.counters.entity, place: state.counters.place };
  c.namesAt = state.tick;
  c.built = true;
  return c;
}

const longestFirst = (a: { name: string }, b: { name: string }) => b.name.length - a.name.length;

/**
 * The names that may occur in a clause, longest first (so "Lao Chen's stall" is not read as "Lao
 * Chen"), names of equal length in the order they were added. A name is listed under the first one or two characters of its first space-free piece: that piece, if
 * the name occurs at all (even across the spaces a longer name left when cut out of the clause),
 * occurs in the clause as written. So a clause is held against the few names it can hold, not every
 * name of a world of thousands.
 */
export function namesIn(clause: string, cat: Catalog, state: WorldState): Names {
  const c = gatherNames(cat, state);
  const out: Names = [...c.always];
  const seen = new Set<string>();
  for (let i = 0; i < clause.length; i++) {
    for (const head of [clause[i], clause.slice(i, i + 2)]) {
      if (seen.has(head)) continue;
      seen.add(head);
      const list = c.heads.get(head);
      if (list) for (const n of list) out.push(n);
    }
  }
  return out.sort((a, b) => longestFirst(a, b) || a.seq - b.seq);
}

function byStart(c: Cache, n: Names[number]): void {
  const piece = n.name.split(' ').find((p) => p.length > 0);
  if (piece === undefined) return void c.always.push(n);
  const head = piece.slice(0, 2);
  const list = c.heads.get(head);
  if (list) list.push(n);
  else c.heads.set(head, [n]);
}

/**
 * The texts a message stands for: free text as it is, a locale message rendered in both languages,
 * but only if its template or one of its parameters (as rendered) holds a trigger word.
 */
export function textsOf(m: Message, cat: Catalog, state: WorldState): string[] {
  if ('text' in m) return [m.text];
  const c = cacheOf(cat, state);
  if (m.key === 'fact.rumour' || templateClaims(m.key)) return rendered(c, m);
  for (const k in m.params) if (paramClaims(c, m.params[k])) return rendered(c, m);
  return [];
}

/**
 * A message that may claim something, rendered once (a rumour passed on by many is one message): once
 * a run if it names only what always reads the same (people, places, facts, kinds), else once a tick
 * (a thing that is removed reads as gone).
 */
function rendered(c: Cache, m: Message): string[] {
  const k = JSON.stringify(m);
  const cache = readsTheSame(c, m, true) ? c.stableTexts : c.texts;
  let texts = cache.get(k);
  if (!texts) cache.set(k, (texts = c.rs.map((r) => r.render(m))));
  return texts;
}

/** Whether a message names no thing (an entity), itself or through a fact it names. */
function readsTheSame(c: Cache, m: Message, deep: boolean): boolean {
  if ('text' in m) return true;
  for (const k in m.params) {
    const v = m.params[k];
    if (typeof v !== 'object') continue;
    if (v.ref === 'entity') return false;
    if (v.ref === 'fact') {
      const f = c.rs[0].state.facts[v.id];
      if (f && (!deep || !readsTheSame(c, f.content, false))) return false;
    }
  }
  return true;
}

/** Whether a parameter, rendered in either language, holds a trigger word (no string is built to look it up: this runs for every parameter of every text). */
function paramClaims(c: Cache, v: Param): boolean {
  if (typeof v === 'object') return refClaims(c, v.ref, v.id);
  const table = (c.params.scalar ??= new Map());
  let hit = table.get(v);
  if (hit === undefined) table.set(v, (hit = c.rs.some((r) => triggered(r.param(v))) || (typeof v === 'string' && triggered(v))));
  return hit;
}

/** The same for a reference, by its kind and id: a reference is made only to render one not asked of before. */
function refClaims(c: Cache, kind: Ref['ref'], id: string): boolean {
  if (kind === 'entity') {
    // an unnamed thing is called by its owner and its kind: ask of those, not of each of the thousands a crowded world makes
    const e = c.rs[0].state.entities[id];
    if (e && !e.name) {
      return templateClaims('entity.owned') || refClaims(c, 'template', e.template) || (e.owner !== null && refClaims(c, 'actor', e.owner));
    }
  }
  const table = (c.params[kind] ??= new Map());
  let hit = table.get(id);
  if (hit === undefined) {
    const v = ref(kind, id);
    table.set(id, (hit = c.rs.some((r) => triggered(r.param(v)))));
  }
  return hit;
}
