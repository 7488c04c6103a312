import { z } from 'zod';
import { SafeId } from '../../sim/model/ids.ts';
import { Text } from '../../sim/model/text.ts';

// ---- quests (routes/quests.ts, sim/judge/quests.ts) ------------------------------------------------

/** `/players/:id/quests/:q/...`: the world, the player, the quest. */
export const QuestParams = z.object({ w: SafeId, id: SafeId, q: SafeId }).strict();

/** `POST /players/:id/quests/:q/take`: nothing to say but the path (an empty object, or no body). */
export const TakeBody = z.object({}).strict().optional();

const Goal = z.union([
  z.object({ kind: z.literal('bring'), item: z.string(), count: z.number().int(), to: z.string() }),
  z.object({ kind: z.literal('visit'), place: z.string() }),
  z.object({ kind: z.literal('learn'), about: z.string() }),
  z.object({ kind: z.literal('earn'), amount: z.number().int() }),
]);

/** A source as the taker hears it: who, what they say, and a reliability the taker cannot know. */
const SourceView = z.object({ source: z.string(), name: Text, claim: Text, reliability: z.literal('unknown') });

/** A quest as its player sees it: the stated goal, the sources, where it stands. Never the risk. */
export const QuestView = z.object({
  id: z.string(),
  giver: z.string(),
  giverName: Text,
  goal: Goal,
  stated: Text,
  sources: z.array(SourceView),
  status: z.enum(['offered', 'taken', 'completed', 'failed']),
  mine: z.boolean(),
  progress: z.number().int(),
  reward: z.object({ amount: z.number().int(), text: Text }),
  offeredAt: z.number().int(),
  deadline: z.number().int(),
  deadlineText: Text,
  /** offered to this player by name: the last tick it is theirs alone, and when that is in words (null otherwise) */
  heldForYou: z.object({ until: z.number().int(), text: Text }).nullable(),
  /** an offered quest's take, dry-run by the Judge (sim/gm/ahead.ts): offered only when `ok`, else why not */
  take: z.object({ ok: z.boolean(), why: Text.optional() }).optional(),
});
export type QuestView = z.infer<typeof QuestView>;
export const QuestLog = z.object({ quests: z.array(QuestView) });
export type QuestLog = z.infer<typeof QuestLog>;

/** `POST .../take`: accepted for the Judge at the start of this tick. */
export const TakeReply = z.object({ queuedFor: z.number().int() });
export type TakeReply = z.infer<typeof TakeReply>;

/** A quest as the admin sees it: everything, with the withheld risk and whether each source's fact is true. */
export const AdminQuestView = QuestView.omit({ mine: true, sources: true, heldForYou: true }).extend({
  taker: z.string().nullable(),
  offeredTo: z.string().nullable(),
  /** with `offeredTo`: the last tick only they may take it */
  heldUntil: z.number().int().nullable(),
  rewardFrom: z.string(),
  sources: z.array(SourceView.omit({ reliability: true }).extend({ fact: z.string(), true: z.boolean() })),
  risk: z.object({ kind: z.string(), text: Text, falseFacts: z.array(z.string()) }),
});
export type AdminQuestView = z.infer<typeof AdminQuestView>;
export const AdminQuests = z.object({ quests: z.array(AdminQuestView) });
export type AdminQuests = z.infer<typeof AdminQuests>;
