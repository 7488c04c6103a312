import type { Text } from '../model/text.ts';

/** What a line of a player's story is about: the dashboard may group or colour by it. */
export const STORY_KINDS = [
  'joined',
  'did',
  'failed',
  'body',
  'money',
  'status',
  'relation',
  'tag',
  'thing',
  'said',
  'learned',
  'moved',
  'rolled',
] as const;
export type StoryKind = (typeof STORY_KINDS)[number];

/** One line of a player's story: `n` is its place in the story (0, 1, …), the cursor of a page. */
export interface StoryLine {
  n: number;
  tick: number;
  kind: StoryKind;
  text: Text;
}

/** Something that happened where the player was, by someone else: kept only while it matters. */
export interface NoticedLine {
  tick: number;
  place: string;
  text: Text;
}
