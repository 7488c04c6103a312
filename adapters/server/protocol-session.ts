import { z } from 'zod';
import { Lang, Text } from '../../sim/model/text.ts';
import { MEMORY_KINDS } from '../../sim/model/records.ts';

/**
 * `GET /api/worlds/:w/players/:id/session` and the socket's `session` event: a player's story session
 * (docs/design.md, The story) as a page shows it on load or after a restart. The quest log never carries a quest's
 * hidden risk.
 */

const n = z.coerce.number().int().min(-1).max(Number.MAX_SAFE_INTEGER);
/** messages: the last `limit` (before message `before`), or the first `limit` after message `after`; `memory`: how many of the newest memory records */
export const SessionQuery = z
  .object({
    before: n.optional(),
    after: n.optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    memory: z.coerce.number().int().min(0).max(200).default(20),
  })
  .strict()
  .refine((q) => q.before === undefined || q.after === undefined, { message: 'before and after do not go together', path: ['after'] });
export type SessionQuery = z.infer<typeof SessionQuery>;

const InkValue = z.union([z.string(), z.number(), z.boolean()]);
export const StorySessionView = z.object({
  story: z.string(),
  chapter: z.string(),
  situation: z.string(),
  variables: z.record(z.string(), InkValue),
  startedAt: z.number().int(),
  turns: z.number().int(),
  /** the chapter's and situation's words as the world backs them now (null: none of their variants is) */
  words: z.object({ chapter: Text.nullable(), situation: Text.nullable() }),
  /** `name` and `summary`: the ending's authored words, as committed when it ended */
  ended: z.object({ ending: z.string(), tick: z.number().int(), name: Text.nullable(), summary: Text }).nullable(),
});
export type StorySessionView = z.infer<typeof StorySessionView>;

export const SituationView = z.object({ tick: z.number().int(), score: z.number(), chapter: z.string() });

/** A quest as its taker (or the one it is offered to) sees it: the stated goal and the sources' claims, never the risk. */
export const QuestLogEntry = z
  .object({
    id: z.string(),
    giver: z.string(),
    giverName: Text,
    stated: Text,
    sources: z.array(z.object({ source: z.string(), name: Text, claim: Text })),
    status: z.enum(['offered', 'taken', 'completed', 'failed']),
    progress: z.number(),
    reward: z.number(),
    offeredAt: z.number().int(),
    deadline: z.number().int(),
    /** whether the player took it or it is offered to them */
    mine: z.enum(['taken', 'offered']),
  })
  .strict();
export type QuestLogEntry = z.infer<typeof QuestLogEntry>;

const Head = { n: z.number().int(), tick: z.number().int() };
/** A message of the session: the player's own words or calls, or the game master's text with its dialog type. */
export const MessageView = z.discriminatedUnion('kind', [
  z.object({ ...Head, from: z.literal('player'), kind: z.literal('intent'), text: z.string(), lang: Lang }),
  z.object({
    ...Head,
    from: z.literal('player'),
    kind: z.literal('call'),
    call: z.object({ id: z.string(), tool: z.string(), args: z.unknown() }),
  }),
  z.object({ ...Head, from: z.literal('gm'), kind: z.literal('narration'), dialog_type: z.literal('resolution_summary'), text: Text }),
  z.object({
    ...Head,
    from: z.literal('gm'),
    kind: z.literal('rejection'),
    dialog_type: z.literal('rule_explanation'),
    callId: z.string(),
    reason: Text,
  }),
  z.object({
    ...Head,
    from: z.literal('gm'),
    kind: z.literal('perceived'),
    dialog_type: z.literal('scene_description'),
    lines: z.array(Text),
  }),
  z.object({
    ...Head,
    from: z.literal('gm'),
    kind: z.literal('prompt'),
    dialog_type: z.literal('action_prompt'),
    text: Text,
    actions: z.array(z.object({ call: z.object({ tool: z.string(), args: z.record(z.string(), z.unknown()) }), text: Text })),
  }),
]);
export type MessageView = z.infer<typeof MessageView>;

export const MemoryView = z.object({
  ...Head,
  kind: z.enum(MEMORY_KINDS),
  summary: Text,
  importance: z.number(),
  chapter: z.string().nullable(),
  status: z.string().optional(),
  /** whether the record carries an embedding (the vector itself stays in the store) */
  embedded: z.boolean(),
});
export type MemoryView = z.infer<typeof MemoryView>;

export const SessionReply = z.object({
  player: z.string(),
  /** the last committed tick */
  tick: z.number().int(),
  /** null: the player has no story */
  session: StorySessionView.nullable(),
  /** the situation score of each judged turn, oldest first */
  situations: z.array(SituationView),
  quests: z.array(QuestLogEntry),
  /** oldest first; `next`: pass it as `before` for older messages (or, after an `after` page, as `after` for newer ones); null when there are no more */
  messages: z.object({ items: z.array(MessageView), next: z.number().int().nullable() }),
  /** the newest memory records, oldest first */
  memory: z.array(MemoryView),
});
export type SessionReply = z.infer<typeof SessionReply>;

export const SESSION_EVENT = 'session';
