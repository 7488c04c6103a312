import { z } from 'zod';
import { Message, Text } from './text.ts';
import { ResourceName } from './tools.ts';
import { STATUSES } from './status.ts';
import { SafeId } from './ids.ts';

/**
 * What the World Engine proposes for one tool call (docs/design.md, The five tools). Ids of things created in this
 * consequence are not known yet: a later change refers to the n-th new thing as "$new:n".
 */
const Scalar = z.union([z.string().max(2000), z.number(), z.boolean()]);
const Id = SafeId;
/** why a change happened, in a word: counted and rendered, never looked up as a key */
const Reason = z.string().max(100);

export const WorldChange = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('new_entity'),
      template: Id,
      location: Id,
      owner: Id.nullable(),
      name: Text.optional(),
      properties: z.record(Id, Scalar).default({}),
    })
    .strict(),
  z.object({ type: z.literal('entity_update'), entity: Id, properties: z.record(Id, Scalar) }).strict(),
  z.object({ type: z.literal('entity_removal'), entity: Id, reason: Reason }).strict(),
  z.object({ type: z.literal('reputation_change'), actor: Id, delta: z.number().int(), reason: Reason }).strict(),
  z.object({ type: z.literal('relationship_change'), from: Id, to: Id, delta: z.number().int() }).strict(),
  z
    .object({
      type: z.literal('resource_transfer'),
      from: Id,
      to: Id,
      resource: ResourceName,
      amount: z.number().int().positive(),
      reason: Reason,
    })
    .strict(),
  z.object({ type: z.literal('money_source'), to: Id, amount: z.number().int().positive(), source: Id }).strict(),
  /** money leaves the world into a declared sink (a thing's upkeep paid by its owner) */
  z.object({ type: z.literal('money_sink'), from: Id, amount: z.number().int().positive(), sink: Id }).strict(),
  z.object({ type: z.literal('resource_gain'), actor: Id, resource: ResourceName, amount: z.number().int(), reason: Reason }).strict(),
  z.object({ type: z.literal('tag_added'), actor: Id, tag: Id }).strict(),
  z.object({ type: z.literal('tag_removed'), actor: Id, tag: Id }).strict(),
  z.object({ type: z.literal('status_change'), actor: Id, to: z.enum(STATUSES), reason: Reason }).strict(),
  z.object({ type: z.literal('new_location'), name: Text, parent: Id, distance: z.number().int().positive() }).strict(),
  z.object({ type: z.literal('new_fact'), content: Message, about: Id.nullable(), truth: z.boolean() }).strict(),
  z.object({ type: z.literal('knowledge_learned'), actor: Id, fact: Id, from: Id, channel: Id }).strict(),
  z.object({ type: z.literal('place_mood'), place: Id, delta: z.number().int() }).strict(),
  /** hit points, in a pack that declares them (`harm.hp`): clamped to 0..max, judged like any change */
  z.object({ type: z.literal('hp_delta'), target: Id, delta: z.number().int(), cause: Reason }).strict(),
  /** a need the pack declares beyond energy raised, by an item that satisfies it used up in the same consequence */
  z.object({ type: z.literal('need_gain'), actor: Id, need: Id, amount: z.number().int().positive(), reason: Reason }).strict(),
]);
export type WorldChange = z.infer<typeof WorldChange>;

const Body = {
  narrative: Message,
  world_changes: z.array(WorldChange),
  /** deltas for the acting actor; a negative money delta is spent (a sink), a positive one is refused */
  resource_changes: z.record(ResourceName, z.number().int()),
  side_effects: z.array(Message),
};

/** What one band of a proposed check leads to. */
export const Branch = z.object(Body).strict();
export type Branch = z.infer<typeof Branch>;

/** A trait's aspect or a tag said to move the dice: for (+1) or against (-1). */
export const ProposedFactor = z.object({ kind: z.enum(['trait', 'tag']), id: Id, sign: z.union([z.literal(1), z.literal(-1)]) }).strict();

/**
 * A check the World Engine asks for (docs/design.md, Dice: intention, influencing factors, dice,
 * instructions) with what each band leads to. The Judge checks that every factor exists, derives
 * the dice from them itself (`dice` is never read), rolls, and judges the rolled band's branch.
 */
export const ProposedCheck = z
  .object({
    intention: z.string().max(200),
    factors: z.array(ProposedFactor).max(6),
    dice: z.string().max(20).optional(),
    instructions: z.string().max(500).optional(),
    outcomes: z.object({ full: Branch, partial: Branch, fail: Branch }).strict(),
  })
  .strict();
export type ProposedCheck = z.infer<typeof ProposedCheck>;

export const Consequence = z.object({ ...Body, check: ProposedCheck.optional() }).strict();
export type Consequence = z.infer<typeof Consequence>;
