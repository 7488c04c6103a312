import { Renderer } from '../../sim/i18n/render.ts';
import { LANGS, type Text } from '../../sim/model/text.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { WorldState } from '../../sim/state/types.ts';
import { Said } from './context.ts';
import { loadKeywords } from './lexicon.ts';
import type { NotFound, Reading } from './read/found.ts';
import { READERS } from './read/index.ts';
import { remark } from './read/places.ts';
import type { Intent, IntentInput, IntentParser } from './types.ts';
import { describeCall } from './understood.ts';

/**
 * The parser without a language model. It finds the people, places, items and templates the text
 * names (the pack's names and `aliases`) and the pack's words it uses (modes, channels, manners,
 * purposes, by name and alias, through the vocabulary registry), with the generic verbs of
 * `locales/<lang>/intent.json`, and asks the readers of `read/` in turn which tool call it is. A
 * thing, person or place named but not to be had is a "not found" the card shows; only words no
 * reader knows are said to oneself, so the player's words are never lost.
 */
export function offlineIntentParser(): IntentParser {
  const keywords = loadKeywords();
  return {
    name: 'offline',
    parse(input: IntentInput): Intent {
      const s = new Said(input, keywords);
      let reading: Reading | null = null;
      for (const read of READERS) if ((reading = read(s))) break;
      const { call, notFound }: Reading = reading ?? remark(s);
      if (!notFound) return { call, understood: describeCall(input.cat, input.state, call) };
      const text = renderNotFound(input.cat, input.state, notFound);
      return { call, understood: text, notFound: text };
    },
  };
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
