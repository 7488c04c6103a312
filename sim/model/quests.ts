import { z } from 'zod';
import type { Message } from './text.ts';

/**
 * A quest (seed 000): a goal the giver states, literally true when offered; sources whose claims
 * the taker cannot weigh (facts the source really knows, true or not); and a risk the taker is never
 * told. A committed object: offered, taken, progressed, completed or failed only by events.
 */
export type QuestStatus = 'offered' | 'taken' | 'completed' | 'failed';

/** What the taker must bring about, in terms the Judge can check against the committed state. */
export type QuestGoal =
  /** hand `count` of an item to `to` */
  | { kind: 'bring'; item: string; count: number; to: string }
  /** be at a place */
  | { kind: 'visit'; place: string }
  /** come to know a fact about someone (any fact whose `about` is them) */
  | { kind: 'learn'; about: string }
  /** hold at least `amount` money */
  | { kind: 'earn'; amount: number };

/** An information source of the quest: who says it, and the fact they really know (reliability unknown to the taker). */
export interface QuestSource { source: string; fact: string }

export interface QuestState {
  id: string;
  /** the pack's quest this one was made from */
  def: string;
  giver: string;
  goal: QuestGoal;
  /** the goal as the giver states it */
  stated: Message;
  sources: QuestSource[];
  /** never shown to the taker: what the giver withholds (admin and export only) */
  risk: { kind: string; msg: Message; facts: string[] };
  /** paid by the giver on completion (`from` the giver), or created from a declared money source */
  reward: { amount: number; from: string };
  /** whom it was offered to (null: anyone at the giver's place) */
  offeredTo: string | null;
  taker: string | null;
  status: QuestStatus;
  /** 0..100 */
  progress: number;
  offeredAt: number;
  /** the tick after which a quest not completed fails */
  deadline: number;
}

/** `quests.json` of a pack: the quests its people give. (Its shape is settled with the quest giver.) */
export const QuestsFile = z.object({ $schema: z.string().optional(), quests: z.array(z.unknown()) }).strict();
export type QuestsFile = z.infer<typeof QuestsFile>;
