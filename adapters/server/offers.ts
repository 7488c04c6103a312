import { describeCall } from '../../bots/intent/understood.ts';
import { inEveryLang } from '../../sim/i18n/render.ts';
import { nextOffers } from '../../sim/gm/suggest.ts';
import type { Text } from '../../sim/model/text.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { WorldState } from '../../sim/state/types.ts';
import { offeredStoryOptions, promptWithStory } from '../../world-engine/story/options.ts';
import { diceScreen } from './dice-screen.ts';
import { collapseWarning } from './preview.ts';
import type { CheckView, PromptMsg } from './protocol.ts';
import type { StoryOptionView } from './protocol-story-options.ts';

/**
 * What an offered option carries besides its call (sim/gm/ahead.ts found both): the dice screen of
 * its check, shown before it fires, and the warning that it would leave the player collapsed.
 */
export function offerExtras(
  cat: Catalog,
  state: WorldState,
  actor: string,
  o: { word: string | null; collapses: boolean },
): { check?: CheckView; warning?: Text } {
  const me = state.actors[actor];
  return {
    ...(o.word !== null && me ? { check: diceScreen(cat, state, me, o.word) } : {}),
    ...(o.collapses ? { warning: collapseWarning(cat, state) } : {}),
  };
}

/** The player's story options as the dashboard offers them: only those the Judge has seen accept, each with its extras. */
export function storyOptionViews(cat: Catalog, state: WorldState, actor: string): StoryOptionView[] {
  // the pack's choice id stays on the server: the page shows the words and sends the index with the call
  return (offeredStoryOptions(cat, state, actor) ?? []).map((o) => ({
    ...(o.choice !== null ? { choice: o.choice } : {}),
    text: o.text,
    call: o.call,
    ...offerExtras(cat, state, actor, o),
  }));
}

/**
 * The action_prompt for a player (docs/design.md, Dialog types): the story's offered options first,
 * each with the choice to send back with its call, then the game master's next actions; every one
 * dry-run by the Judge, with its dice screen and warning. Null when fewer than two pass.
 */
export function promptFor(cat: Catalog, state: WorldState, actor: string, tick: number): PromptMsg | null {
  const offer = promptWithStory(cat, state, actor, nextOffers(cat, state, actor));
  if (!offer) return null;
  const { story, rest } = offer;
  return {
    tick,
    dialog_type: 'action_prompt',
    text: inEveryLang(cat, state, (r) => r.t('gm.next')),
    actions: [
      ...story.map((o) => ({
        call: o.call,
        text: o.text,
        ...(o.choice !== null ? { choice: o.choice } : {}),
        option: o.id,
        ...offerExtras(cat, state, actor, o),
      })),
      ...rest.map((o) => ({
        call: { tool: o.call.tool, args: o.call.args as Record<string, unknown> },
        text: describeCall(cat, state, o.call),
        ...offerExtras(cat, state, actor, o),
      })),
    ],
  };
}
