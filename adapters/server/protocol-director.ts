import { z } from 'zod';
import { Text } from '../../sim/model/text.ts';

/** `GET /api/worlds/:w/director?last=N` (admin): the director's phase, reading and last proposals. */
export const DirectorQuery = z.object({ last: z.coerce.number().int().min(1).max(100).default(20) }).strict();
export type DirectorQuery = z.infer<typeof DirectorQuery>;

const Band = z.object({ low: z.number(), high: z.number() });

/** One proposal as the admin reads it: what, to what end, why, and the Judge's refusal (null: accepted), in both languages. */
export const DirectorProposalView = z.object({
  tick: z.number().int(),
  template: z.string(),
  name: Text,
  aim: z.enum(['raise', 'ease']),
  place: z.string().nullable(),
  placeName: Text.nullable(),
  tension: z.number(),
  measures: z.record(z.string(), z.number()),
  why: Text,
  refused: z.object({ code: z.string(), message: Text }).nullable(),
});
export type DirectorProposalView = z.infer<typeof DirectorProposalView>;

export const DirectorReply = z.object({
  /** false: the pack has no director.json (everything else is empty) */
  enabled: z.boolean(),
  phase: z.enum(['steady', 'acceleration']),
  since: z.number().int(),
  band: Band.nullable(),
  /** the tension and measures of the director's last recorded reading (on its last proposal or phase change) */
  tension: z.number(),
  measures: z.array(z.object({ id: z.string(), name: Text, value: z.number().nullable() })),
  accepted: z.number().int(),
  refused: z.number().int(),
  /** newest first */
  proposals: z.array(DirectorProposalView),
});
export type DirectorReply = z.infer<typeof DirectorReply>;
