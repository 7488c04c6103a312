import { Renderer } from '../../sim/i18n/render.ts';
import { LANGS, type Message, type Text } from '../../sim/model/text.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { WorldState } from '../../sim/state/types.ts';
import { Said } from './context.ts';
import { loadKeywords } from './lexicon.ts';
import { type NotFound, type Reading, startFor } from './read/found.ts';
import { READERS } from './read/index.ts';
import { suggestions } from './suggest.ts';
import type { Intent, IntentInput, IntentParser } from './types.ts';
import { describeCall } from './understood.ts';

/**
 * The parser without a language model. It finds the people (full names, aliases, given and family
 * names), places, items and templates the text names and the pack's words it uses (modes, channels,
 * manners, purposes, by name and alias, through the vocabulary registry), with the generic verbs of
 * `locales/<lang>/intent.json`, and asks the readers of `read/` in turn which tool call it is. A
 * thing, person or place named but not to be had is a "not found" the card shows; words no reader
 * knows are "not understood", with phrasings of what can be done here.
 */
export function offlineIntentParser(): IntentParser {
  const keywords = loadKeywords();
  return {
    name: 'offline',
    parse(input: IntentInput): Intent {
      const s = new Said(input, keywords);
      let reading: Reading | null = null;
      for (const read of READERS) if ((reading = read(s))) break;
      return reading ? intentOf(input, reading) : notUnderstood(s);
    },
  };
}

/** A reader's reading as the card shows it. */
export function intentOf(input: IntentInput, reading: Reading): Intent {
  const { cat, state } = input;
  const { call, notFound, choices, look, says } = reading;
  if (look) return { call, understood: words(cat, state, 'intent.understood.look'), look: true };
  if (notFound) {
    const text = renderNotFound(cat, state, notFound);
    return { call, understood: text, notFound: text };
  }
  const understood = says ? rendered(cat, state, says) : describeCall(cat, state, call);
  if (!choices) return { call, understood };
  return {
    call,
    understood: words(cat, state, 'intent.choose'),
    choices: choices.map((c) => ({ call: c, understood: describeCall(cat, state, c) })),
  };
}

/** Words no reader knows: said so, with what could be said here instead; the call is only where the form starts. */
export function notUnderstood(s: Said): Intent {
  const text = words(s.cat, s.state, 'intent.not_understood', { words: s.input.text.trim() });
  return { call: startFor.place(s), understood: text, notUnderstood: text, suggestions: suggestions(s) };
}

/** A key of the locales with plain words as parameters (the player's own words stay as written), both languages. */
function words(cat: Catalog, state: WorldState, key: string, params: Record<string, string> = {}): Text {
  const out = {} as Text;
  for (const lang of LANGS) out[lang] = new Renderer(lang, cat, state).t(key, params);
  return out;
}
function rendered(cat: Catalog, state: WorldState, m: Message): Text {
  const out = {} as Text;
  for (const lang of LANGS) out[lang] = new Renderer(lang, cat, state).render(m);
  return out;
}

/** A not-found in both languages, its lists joined the language's way. */
export function renderNotFound(cat: Catalog, state: WorldState, n: NotFound): Text {
  const out = {} as Text;
  for (const lang of LANGS) {
    const r = new Renderer(lang, cat, state);
    const lists: Record<string, string> = {};
    for (const [k, refs] of Object.entries(n.lists ?? {})) {
      lists[k] = refs
        .map((x) => {
          const t = x.ref === 'template' ? cat.templates.get(x.id) : undefined;
          return t ? r.t('intent.priced', { name: r.param(x), money: r.money(t.cost.money), energy: t.cost.energy }) : r.param(x);
        })
        .join(r.t('intent.or'));
    }
    out[lang] = r.render({ key: `intent.not_found.${n.key}`, params: n.params }, lists);
  }
  return out;
}
