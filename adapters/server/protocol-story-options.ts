import { z } from 'zod';
import { Text } from '../../sim/model/text.ts';
import { CheckView } from './protocol-check.ts';

/**
 * `GET /api/worlds/:w/players/:id/story/options`: the player's story choices now (the ink's options,
 * world-engine/story/options.ts), each with its words and the one call it stands for. Acting with
 * `choice` set to an option's `choice` and its call takes it. Empty when the player has no running story.
 * Only options the Judge would accept are listed; one without a `choice` is a step toward an option
 * (sent as a plain call). `check`: the dice screen to show before it fires; `warning`: it would leave
 * the player collapsed.
 */
export const StoryOptionView = z.object({
  choice: z.number().int().optional(),
  text: Text,
  call: z.object({ tool: z.string(), args: z.record(z.string(), z.unknown()) }),
  check: CheckView.optional(),
  warning: Text.optional(),
});
export type StoryOptionView = z.infer<typeof StoryOptionView>;
export const StoryOptionsReply = z.object({ options: z.array(StoryOptionView) });
export type StoryOptionsReply = z.infer<typeof StoryOptionsReply>;
