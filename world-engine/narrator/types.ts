import type { Event } from '../../sim/model/events.ts';
import type { Text } from '../../sim/model/text.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { WorldState } from '../../sim/state/types.ts';

/** What a narrator is given: the committed events of one actor's call at one tick, and the state after it. */
export interface NarrationInput {
  cat: Catalog;
  state: WorldState;
  actor: string;
  tick: number;
  /** committed events only: a narrator states nothing else */
  events: Event[];
}

/**
 * Turns committed events into prose for the player, in both languages. A narrator only proposes
 * text: it states nothing the Judge did not commit (see check.ts). Implementations: `offline.ts`
 * (templates), and `llm.ts` (a language model retelling the offline narration; a text that mentions
 * what the events do not carry gets one repair, then the offline narration speaks).
 */
export interface Narrator {
  readonly name: string;
  narrate(input: NarrationInput): Text | Promise<Text>;
}
