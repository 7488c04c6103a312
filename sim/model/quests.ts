import { z } from 'zod';
import { PackId } from './ids.ts';
import { type Message, msg, type Param, ref, Text } from './text.ts';

/**
 * A quest (docs/design.md, Quests): a goal the giver states, literally true when offered; sources whose claims
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

/**
 * An information source of the quest: who says it, the fact they really know (reliability unknown to
 * the taker), and the claim as shown, which is that fact's own content (the Judge holds it to it).
 */
export interface QuestSource {
  source: string;
  fact: string;
  claim: Message;
}

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
  /** the player it was offered to (null: anyone at the giver's place) */
  offeredTo: string | null;
  taker: string | null;
  status: QuestStatus;
  /** 0..100 */
  progress: number;
  offeredAt: number;
  /** the tick after which a quest not completed fails */
  deadline: number;
  /** where it was offered (the giver's place then): where it may be taken, and where a taker goes back to */
  at?: string;
  /** with `offeredTo`: the last tick at which only they may take it (the def's `offer.hold` after the offer) */
  heldUntil?: number;
}

/** Who alone may take the quest at `tick`: the one it was offered to, while it is held for them; null when anyone may. */
export function heldFor(q: QuestState, tick: number): string | null {
  return q.offeredTo !== null && (q.heldUntil === undefined || tick <= q.heldUntil) ? q.offeredTo : null;
}

/** Whether whom the quest is for lets `actor` take it at `tick`: never its giver, nobody else while it is held for someone. */
export function openTo(q: QuestState, actor: string, tick: number): boolean {
  const held = heldFor(q, tick);
  return actor !== q.giver && (held === null || held === actor);
}

/** A goal as a pack writes it: `to`/`about` may be `giver`, the one who gives the quest. */
const GoalDef = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('bring'), item: PackId, count: z.number().int().min(1).max(20), to: PackId }).strict(),
  z.object({ kind: z.literal('visit'), place: PackId }).strict(),
  z.object({ kind: z.literal('learn'), about: PackId }).strict(),
  z.object({ kind: z.literal('earn'), amount: z.number().int().min(1) }).strict(),
]);
export type GoalDef = z.infer<typeof GoalDef>;

/**
 * Where the giver sends the taker for word: any of `people` who knows a fact made from the rumour
 * template `rumour` (about the goal's person when `aboutGoal`). The giver cites only what such a source
 * really heard; whether it is true only the Judge knows. `required`: no offer until one such source is found.
 */
const SourceDef = z
  .object({
    people: z.array(PackId).min(1).max(20),
    rumour: PackId,
    aboutGoal: z.boolean().default(false),
    required: z.boolean().default(false),
  })
  .strict();

/** What the giver withholds: a kind (e.g. a source's fact is false, the place is dangerous, the reward is less than the cost) and its words. */
export const RISK_KINDS = ['false_fact', 'danger', 'costly', 'withheld'] as const;

/** Ticks an offer made to a player stays theirs alone, unless the pack says otherwise: time to read it and answer. */
export const HOLD = 12;

export const QuestDef = z
  .object({
    id: PackId,
    giver: PackId,
    goal: GoalDef,
    /** the goal in the giver's words; `{{slot}}`s filled from the goal: item, count, to, place, about, amount, reward, deadline */
    stated: Text,
    sources: z.array(SourceDef).max(4).default([]),
    risk: z.object({ kind: z.enum(RISK_KINDS), text: Text }).strict(),
    /** paid by the giver, or, with `source`, created from that declared money source */
    reward: z.object({ amount: z.number().int().min(1), source: PackId.optional() }).strict(),
    /** ticks from the offer to the deadline */
    deadline: z.number().int().min(1).max(100_000),
    /**
     * when it may be offered: from a tick on, with a pause between offers, at most `times`, only where the giver is at
     * `place` (if given); offered to a player, it is theirs alone for `hold` ticks before anyone else may take it
     */
    offer: z
      .object({
        from: z.number().int().min(0).default(0),
        every: z.number().int().min(1).default(24),
        times: z.number().int().min(1).max(1000).default(3),
        place: PackId.optional(),
        hold: z.number().int().min(0).max(100_000).default(HOLD),
      })
      .strict()
      .default({ from: 0, every: 24, times: 3, hold: HOLD }),
  })
  .strict();
export type QuestDef = z.infer<typeof QuestDef>;

/** `quests.json` of a pack: the quests its people give. */
export const QuestsFile = z.object({ $schema: z.string().optional(), quests: z.array(QuestDef) }).strict();
export type QuestsFile = z.infer<typeof QuestsFile>;

/** The slots of the stated words each goal kind fills (besides `reward` and `deadline`). */
export const GOAL_SLOTS: Record<QuestGoal['kind'], readonly string[]> = {
  bring: ['item', 'count', 'to'],
  visit: ['place'],
  learn: ['about'],
  earn: ['amount'],
};

/** A pack goal made concrete for a giver: `giver` stands for them. */
export function goalFor(def: QuestDef): QuestGoal {
  const g = def.goal;
  const who = (id: string) => (id === 'giver' ? def.giver : id);
  switch (g.kind) {
    case 'bring':
      return { kind: 'bring', item: g.item, count: g.count, to: who(g.to) };
    case 'learn':
      return { kind: 'learn', about: who(g.about) };
    default:
      return { ...g };
  }
}

/** The goal's own parameters, as the stated words show them. */
export function goalParams(goal: QuestGoal): Record<string, Param> {
  switch (goal.kind) {
    case 'bring':
      return { item: ref('item', goal.item), count: goal.count, to: ref('actor', goal.to) };
    case 'visit':
      return { place: ref('place', goal.place) };
    case 'learn':
      return { about: ref('actor', goal.about) };
    case 'earn':
      return { amount: goal.amount };
  }
}

/**
 * The stated words of a quest: the def's text (the renderer looks it up by `quest`) filled with the
 * goal's parameters, its reward and its deadline, and nothing else. The Judge holds an offer to this.
 */
export function statedOf(def: string, goal: QuestGoal, reward: number, deadline: number): Message {
  return msg('quest.stated', { quest: def, ...goalParams(goal), reward, deadline });
}

/** The risk's words (looked up by `quest`, never shown to the taker). */
export const riskOf = (def: string): Message => msg('quest.risk', { quest: def });

/** A player's request to take a quest (the server queues it; the Judge decides at the start of the next tick). */
export interface QuestTake {
  actor: string;
  quest: string;
}
