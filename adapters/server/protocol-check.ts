import { z } from 'zod';
import { Text } from '../../sim/model/text.ts';

/**
 * The dice screen of a risky call (docs/design.md, Dice): what is tried, what moves the dice (by name), the formula
 * and the exact chance of each band (`count` of `of` equally likely throws). Never the roll: the
 * Judge rolls when the call is committed.
 */
export const CheckView = z.object({
  word: z.string(),
  name: Text,
  factors: z.array(z.object({ kind: z.enum(['trait', 'tag']), id: z.string(), sign: z.union([z.literal(1), z.literal(-1)]), name: Text })),
  formula: z.string(),
  odds: z.array(
    z.object({
      band: z.enum(['critical', 'full', 'partial', 'fail']),
      name: Text,
      count: z.number().int(),
      of: z.number().int(),
      percent: z.number(),
    }),
  ),
});
export type CheckView = z.infer<typeof CheckView>;
