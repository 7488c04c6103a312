import { z } from 'zod';
import { Text } from '../../sim/model/text.ts';

/**
 * `GET /api/worlds/:w/players/:id/story/options`: the player's story choices now (the ink's options,
 * world-engine/story/options.ts), each with its words and the one call it stands for. Acting with
 * `choice` set to an option's `choice` and its call takes it. Empty when the player has no running story.
 */
export const StoryOptionView = z.object({
  choice: z.number().int(),
  text: Text,
  call: z.object({ tool: z.string(), args: z.record(z.string(), z.unknown()) }),
});
export type StoryOptionView = z.infer<typeof StoryOptionView>;
export const StoryOptionsReply = z.object({ options: z.array(StoryOptionView) });
export type StoryOptionsReply = z.infer<typeof StoryOptionsReply>;
