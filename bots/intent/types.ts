import type { Lang, Text } from '../../sim/model/text.ts';
import type { ToolCall } from '../../sim/model/tools.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { WorldState } from '../../sim/state/types.ts';

export interface IntentInput {
  cat: Catalog;
  state: WorldState;
  /** the player's actor */
  actor: string;
  /** the call id to use */
  id: string;
  text: string;
  lang: Lang;
}

/** One of several calls the words fit equally (whom of those present), with the call in words. */
export interface IntentChoice {
  call: ToolCall;
  understood: Text;
}

/**
 * What the parser understood: a call for the player to confirm or edit, and the call in words. With
 * `notFound`, something the words named is not to be had (nobody sells it, nobody is called that):
 * the card shows that instead of a call to confirm, and the call is only where the form starts.
 * `choices`: the words fit several calls equally; `call` is the first. `notUnderstood`: no call was
 * read from the words (never taken for words said to oneself), with `suggestions`, phrasings of what
 * can be done here that read back to a call. `look`: the words ask what is around (the scene, not a
 * call to confirm).
 */
export interface Intent {
  call: ToolCall;
  understood: Text;
  notFound?: Text;
  choices?: IntentChoice[];
  notUnderstood?: Text;
  suggestions?: Text[];
  look?: boolean;
}

/**
 * Turns a player's words into one of the five tool calls. It only proposes: the player confirms,
 * and the call is then judged like any bot's. Implementations: `offline.ts` (keyword lists from
 * `locales/<lang>/intent.json`, both languages at once) and `llm.ts` (the five tools offered to a
 * language model; an answer that is not this player's valid call gets one repair, then the offline
 * parser reads the words).
 */
export interface IntentParser {
  readonly name: string;
  parse(input: IntentInput): Intent | Promise<Intent>;
}
