import { z } from 'zod';

/**
 * The part of a chat completion we read, checked with zod whether it came from the network or
 * from a recording: a server is as untrusted as the model behind it.
 */
export const ToolCallOut = z.object({
  id: z.string(),
  type: z.string().optional(),
  function: z.object({ name: z.string(), arguments: z.string() }),
});

export const AnswerMessage = z.object({
  role: z.string().optional(),
  content: z.string().nullish(),
  refusal: z.string().nullish(),
  tool_calls: z.array(ToolCallOut).nullish(),
});
export type AnswerMessage = z.infer<typeof AnswerMessage>;

export const Completion = z.object({
  choices: z.array(z.object({ message: AnswerMessage, finish_reason: z.string().nullish() })).min(1),
  usage: z
    .object({
      prompt_tokens: z.number().optional(),
      completion_tokens: z.number().optional(),
      prompt_tokens_details: z.object({ cached_tokens: z.number().nullish() }).nullish(),
    })
    .nullish(),
});
export type Completion = z.infer<typeof Completion>;
