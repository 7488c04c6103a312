import type { EventOf } from '../model/events.ts';
import { own } from '../model/ids.ts';
import { defaultText } from '../model/story-text.ts';
import type { Text } from '../model/text.ts';
import type { Catalog } from '../scenario/catalog.ts';

/**
 * An ending's name and summary as a player reads them: the words committed with `story_ended` (the
 * variant the world backed then), else, in a log from before they were committed, the pack's
 * default; never the ending's id.
 */
export function endingWords(
  cat: Catalog,
  e: Pick<EventOf<'story_ended'>, 'ending' | 'name' | 'text'>,
): { name: Text | null; summary: Text | null } {
  const def = own(cat.scenario.story?.endings ?? {}, e.ending);
  return {
    name: e.name ?? (def ? defaultText(def.name) : null),
    summary: e.text ?? (def && !e.name ? defaultText(def.summary) : null),
  };
}
