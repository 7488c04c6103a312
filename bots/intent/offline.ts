import { readLocale } from '../../sim/i18n/translator.ts';
import { LANGS, type Text } from '../../sim/model/text.ts';
import type { Aliases } from '../../sim/model/scenario.ts';
import type { ToolCall } from '../../sim/model/tools.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { WorldState } from '../../sim/state/types.ts';
import type { IntentInput, IntentParser } from './types.ts';
import { describeCall } from './understood.ts';

type Lists = Record<string, string[]>;

/** Keyword lists of both languages, merged: a player may write either, or both. */
function loadKeywords(): Lists {
  const keywords: Lists = {};
  for (const lang of LANGS) {
    const intent = (readLocale(lang).intent ?? {}) as { keywords?: Record<string, string> };
    for (const [k, v] of Object.entries(intent.keywords ?? {})) (keywords[k] ??= []).push(...v.split('|').filter(Boolean));
  }
  return keywords;
}

/** What a player may call a thing of the pack: its names and the pack's aliases, both languages. */
const called = (x: { name: Text; aliases: Aliases }): string[] => [x.name.cn, x.name.en, ...x.aliases.cn, ...x.aliases.en];

const latin = /^[a-z0-9 '.-]+$/;
/** Latin words match whole words ("go" is not in "good"); Chinese matches anywhere. */
function find(text: string, word: string): number {
  const w = word.toLowerCase();
  if (!latin.test(w)) return text.indexOf(w);
  const m = new RegExp(`(^|[^a-z])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[^a-z]|$)`).exec(text);
  return m ? m.index + m[1].length : -1;
}

/** Names of this world in both languages, each with its id; the earliest mention in the text wins. */
function mentioned(text: string, named: [string, string[]][]): string | null {
  let best: { id: string; at: number; len: number } | null = null;
  for (const [id, names] of named) {
    for (const n of names) {
      const at = n ? find(text, n) : -1;
      if (at >= 0 && (!best || at < best.at || (at === best.at && n.length > best.len))) best = { id, at, len: n.length };
    }
  }
  return best?.id ?? null;
}

function actorNames(cat: Catalog, state: WorldState, self: string): [string, string[]][] {
  const out: [string, string[]][] = [];
  const here = state.actors[self].location;
  // people where the player stands first, so a common name means the one in front of them
  const ids = Object.keys(state.actors).filter((id) => id !== self && state.actors[id].clone === 0)
    .sort((a, b) => Number(state.actors[b].location === here) - Number(state.actors[a].location === here));
  for (const id of ids) {
    const a = state.actors[id];
    const name = a.player?.name ?? cat.souls.get(a.soul)?.soul.name;
    const soul = cat.souls.get(a.soul);
    if (name) out.push([id, [name.cn, name.en, ...(a.player || !soul ? [] : [...soul.aliases.cn, ...soul.aliases.en])]]);
  }
  return out;
}

/**
 * The parser without a language model: finds the people, places, things and items the text names
 * and the pack's words it uses (modes, channels, manners, purposes: by their names and `aliases`
 * in the pack's vocabulary), with the generic verbs of `locales/<lang>/intent.json` (going, making),
 * and picks one tool: a named place with a verb of going or a mode is a move; making a known kind of
 * thing is create; a named person is interact (the manner named, else the pack's befriending one);
 * eating, buying, working, playing, resting and giving (by what the purpose does) are use_resource;
 * anything else is said aloud (express, on the channel named, else to oneself), so the player's
 * words are never lost.
 */
export function offlineIntentParser(): IntentParser {
  const keywords = loadKeywords();
  const has = (text: string, k: string) => (keywords[k] ?? []).some((w) => find(text, w) >= 0);
  /** the pack's words of one section, each with what a player may call it */
  const words = <W extends { name: Text; aliases: Aliases }>(section: Record<string, W>, ok: (w: W) => boolean = () => true): [string, string[]][] =>
    Object.entries(section).filter(([, w]) => ok(w)).map(([wid, w]) => [wid, called(w)]);
  return {
    name: 'offline',
    parse(input: IntentInput) {
      const { cat, state, actor: me, id } = input;
      const text = input.text.toLowerCase();
      const self = state.actors[me];
      const content = { text: input.text.trim() };
      // a place by its names, its id, or the short names people use (the pack's `aliases`)
      const places: [string, string[]][] = [...cat.places.values()].map((p) => [p.id, [...called(p), p.id]]);
      for (const g of state.generatedPlaces) places.push([g.id, [g.name.cn, g.name.en]]);
      const place = mentioned(text, places.filter(([pid]) => pid !== self.location));
      const person = mentioned(text, actorNames(cat, state, me));
      const item = mentioned(text, [...cat.items.values()].map((i) => [i.id, called(i)]));
      const template = mentioned(text, [...cat.templates.values()].map((t) => [t.id, called(t)]));
      const amount = Number(/\d+/.exec(text)?.[0] ?? 0);
      const call = <T extends ToolCall['tool']>(tool: T, args: Extract<ToolCall, { tool: T }>['args']) => ({ id, actor: me, tool, args }) as ToolCall;

      let c: ToolCall;
      const v = cat.words.v;
      const mode = mentioned(text, words(v.modes));
      /** a purpose of the pack that does this, if the text names one */
      const doing = (does: string) => mentioned(text, words(v.purposes, (p) => p.does === does));
      const manner = mentioned(text, words(v.manners)) ?? cat.words.mannerFor('befriend');
      const eat = doing('eat'), buy = doing('buy'), work = doing('work'), rest = doing('rest'), gift = doing('gift'), perform = doing('perform');
      if (place && (has(text, 'move') || mode || !person)) {
        // unnamed, the way that costs nothing (else the pack's first)
        const free = Object.keys(v.modes).find((m) => v.modes[m].moneyBase === 0 && v.modes[m].moneyPerUnit === 0) ?? Object.keys(v.modes)[0];
        c = call('move', { destination: place, mode: mode ?? free });
      } else if (template && has(text, 'create')) {
        c = call('create', { what: template, where: self.location, using: amount > 0 ? { money: amount } : {}, ...(person ? { about: person } : {}) });
      } else if (person && gift && amount > 0) {
        c = call('use_resource', { resource: 'money', amount, purpose: gift, target: person });
      } else if (person && manner) {
        c = call('interact', { target: person, manner, content });
      } else if (item && perform) {
        c = call('use_resource', { resource: `item:${item}`, amount: 1, purpose: perform });
      } else if (eat) {
        c = self.inventory[item ?? ''] ? call('use_resource', { resource: `item:${item}`, amount: 1, purpose: eat })
          : call('use_resource', { resource: 'money', amount: amount || 3 * cat.levels.meal, purpose: eat });
      } else if (item && buy) {
        c = call('use_resource', { resource: `item:${item}`, amount: Math.min(amount || 1, 10), purpose: buy });
      } else if (work) {
        c = call('use_resource', { resource: 'energy', amount: 1, purpose: work });
      } else if (rest) {
        c = call('use_resource', { resource: 'time', amount: 1, purpose: rest });
      } else {
        const channel = mentioned(text, words(v.channels)) ?? cat.words.channelFor('self') ?? Object.keys(v.channels)[0];
        c = call('express', { channel, content });
      }
      return { call: c, understood: describeCall(cat, state, c) };
    },
  };
}
