import type { Renderer } from '../../sim/i18n/render.ts';
import type { T } from '../../sim/i18n/translator.ts';
import { type Message, WORDS_MAX } from '../../sim/model/text.ts';

/**
 * Untrusted text in a prompt (a player's words, a bot's speech, a created thing's name, a model's
 * narrative, a fact's content) is data, never instructions: every prompt builder puts it in through
 * here. One line, at most `WORDS_MAX` characters (the cap on anyone's words at the door, so what
 * was let in is never cut), hidden characters gone, in double quotes that it cannot close (a quote or
 * backslash inside is escaped), after the name of who said it.
 */
// control and format characters (bidi overrides, zero-width joiners...), line and paragraph separators
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu;

/** One line of plain text: hidden characters and line breaks become spaces, blanks collapse, at most `max` characters. */
export function neutralise(text: string, max = WORDS_MAX): string {
  const flat = text.replace(HIDDEN, ' ').replace(/\s+/g, ' ').trim();
  // by code point, so a surrogate pair is never cut in half
  const chars = [...flat];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat;
}

/** The neutralised text as a JSON string literal: `"` and `\` escaped, so the text cannot end its own quotes. */
export const quoted = (text: string, max = WORDS_MAX): string => JSON.stringify(neutralise(text, max));

/** `speaker: "text"` (`llm.fence.said`). */
export const fence = (t: T, speaker: string, text: string, max = WORDS_MAX): string =>
  t('llm.fence.said', { speaker, text: quoted(text, max) });

/** A message for a prompt: free text fenced with its speaker; a locale key rendered (its free parts quoted by a quoting renderer). */
export const said = (r: Renderer, m: Message, speaker: string): string => ('text' in m ? fence(r.t, speaker, m.text) : r.render(m));

/** Every string in a JSON value neutralised (a prompt that is canonical JSON: the JSON quoting is the fence). */
export function neutraliseAll<V>(v: V, max = WORDS_MAX): V {
  if (typeof v === 'string') return neutralise(v, max) as V;
  if (Array.isArray(v)) return v.map((x) => neutraliseAll(x, max)) as V;
  if (!v || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = neutraliseAll(x, max);
  return out as V;
}
