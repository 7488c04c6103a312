import { z } from 'zod';
import { Message } from './text.ts';
import { isSafeId, PackId, SafeId } from './ids.ts';

/** The bots' whole action vocabulary (docs/design.md, The five tools). Arguments are strict: an unknown field is invalid_args. */
export const TOOL_NAMES = ['use_resource', 'interact', 'move', 'create', 'express'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

export const ResourceName = z
  .string()
  .refine(
    (r) => r === 'money' || r === 'energy' || r === 'time' || (r.startsWith('item:') && isSafeId(r.slice(5))),
    'money, energy, time or item:<name>',
  );

/** Manners, modes, channels and purposes are the pack's words (its vocabulary): any id here, declared there or refused by the Judge. */

export const UseResourceArgs = z
  .object({
    resource: ResourceName,
    amount: z.number().int().positive(),
    purpose: SafeId,
    target: SafeId.optional(),
  })
  .strict();

export const InteractArgs = z
  .object({
    target: SafeId,
    manner: PackId,
    content: Message,
  })
  .strict();

/** No `from`: the system knows where the actor is. */
export const MoveArgs = z
  .object({
    destination: SafeId,
    mode: PackId,
  })
  .strict();

export const CreateArgs = z
  .object({
    what: SafeId,
    where: SafeId,
    using: z.object({ money: z.number().int().nonnegative().optional(), energy: z.number().int().nonnegative().optional() }).strict(),
    /** for a rumour: whom it is about */
    about: SafeId.optional(),
  })
  .strict();

export const ExpressArgs = z
  .object({
    channel: PackId,
    content: Message,
    /** on a channel that reaches one listener: whom, someone at the speaker's place (the Judge refuses it on any other channel) */
    to: SafeId.optional(),
  })
  .strict();

const call = <T extends string, A extends z.ZodTypeAny>(tool: T, args: A) =>
  z.object({ id: SafeId, actor: SafeId, tool: z.literal(tool), args }).strict();

export const ToolCall = z.discriminatedUnion('tool', [
  call('use_resource', UseResourceArgs),
  call('interact', InteractArgs),
  call('move', MoveArgs),
  call('create', CreateArgs),
  call('express', ExpressArgs),
]);
export type ToolCall = z.infer<typeof ToolCall>;
export type CallOf<T extends ToolName> = Extract<ToolCall, { tool: T }>;
