import { z } from 'zod';
import type { Message } from './text.ts';

/** A value an ink variable holds: ink knows numbers, strings and booleans. */
export type InkValue = string | number | boolean;

/**
 * A player's story session (seed 004's `sessions` and `situation_states`): which story, where in it,
 * the ink variables, the ink runtime's own saved state, and the score of each turn. Folded from the
 * story events, so it is in every store the log is, and a restarted server has it back.
 */
export interface StorySession {
  story: string;
  chapter: string;
  situation: string;
  variables: Record<string, InkValue>;
  /** inkjs's saved state (JSON), so the runtime resumes where it stood */
  ink: string;
  startedAt: number;
  turns: number;
  /** the situation score of each judged turn, oldest first */
  scores: { tick: number; score: number; chapter: string }[];
  ended: { ending: string; tick: number; summary: Message } | null;
}

/** `story.json` of a pack: its ink story and how the ink's variables read the world. (Its shape is settled with the ink runtime.) */
export const StoryFile = z.object({ $schema: z.string().optional(), ink: z.string() }).strict();
export type StoryFile = z.infer<typeof StoryFile>;
