import { z } from 'zod';
import { Message, Text } from './text.ts';
import { ResourceName } from './tools.ts';
import { STATUSES } from './status.ts';

/**
 * What the World Engine proposes for one tool call (seed 002). Ids of things created in this
 * consequence are not known yet: a later change refers to the n-th new thing as "$new:n".
 */
const Scalar = z.union([z.string(), z.number(), z.boolean()]);

export const WorldChange = z.discriminatedUnion('type', [
  z.object({ type: z.literal('new_entity'), template: z.string(), location: z.string(), owner: z.string().nullable(),
    name: Text.optional(), properties: z.record(z.string(), Scalar).default({}) }).strict(),
  z.object({ type: z.literal('entity_update'), entity: z.string(), properties: z.record(z.string(), Scalar) }).strict(),
  z.object({ type: z.literal('entity_removal'), entity: z.string(), reason: z.string() }).strict(),
  z.object({ type: z.literal('reputation_change'), actor: z.string(), delta: z.number().int(), reason: z.string() }).strict(),
  z.object({ type: z.literal('relationship_change'), from: z.string(), to: z.string(), delta: z.number().int() }).strict(),
  z.object({ type: z.literal('resource_transfer'), from: z.string(), to: z.string(), resource: ResourceName,
    amount: z.number().int().positive(), reason: z.string() }).strict(),
  z.object({ type: z.literal('money_source'), to: z.string(), amount: z.number().int().positive(), source: z.string() }).strict(),
  z.object({ type: z.literal('resource_gain'), actor: z.string(), resource: ResourceName, amount: z.number().int(),
    reason: z.string() }).strict(),
  z.object({ type: z.literal('tag_added'), actor: z.string(), tag: z.string() }).strict(),
  z.object({ type: z.literal('tag_removed'), actor: z.string(), tag: z.string() }).strict(),
  z.object({ type: z.literal('status_change'), actor: z.string(), to: z.enum(STATUSES), reason: z.string() }).strict(),
  z.object({ type: z.literal('new_location'), name: Text, parent: z.string(), distance: z.number().int().positive() }).strict(),
  z.object({ type: z.literal('new_fact'), content: Message, about: z.string().nullable(), truth: z.boolean() }).strict(),
  z.object({ type: z.literal('knowledge_learned'), actor: z.string(), fact: z.string(), from: z.string(),
    channel: z.string() }).strict(),
  z.object({ type: z.literal('place_mood'), place: z.string(), delta: z.number().int() }).strict(),
]);
export type WorldChange = z.infer<typeof WorldChange>;

export const Consequence = z.object({
  narrative: Message,
  world_changes: z.array(WorldChange),
  /** deltas for the acting actor; a negative money delta is spent (a sink), a positive one is refused */
  resource_changes: z.record(ResourceName, z.number().int()),
  side_effects: z.array(Message),
}).strict();
export type Consequence = z.infer<typeof Consequence>;
