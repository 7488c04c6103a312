import { z } from 'zod';
import { PackId, SafeId } from './ids.ts';
import { Text } from './text.ts';

/**
 * A trait (docs/design.md, Traits and tags): a name and two aspects, how it helps and how it hinders. Which checks each
 * aspect fits is said by the manners and purposes it lists, so the Judge can verify a claimed
 * advantage instead of taking anyone's word for it.
 */
export const Trait = z
  .object({
    id: SafeId,
    name: Text,
    positive: Text,
    negative: Text,
    /** the manners and purposes whose checks the positive aspect helps (advantage) */
    helps: z.array(PackId).max(20).default([]),
    /** the manners and purposes whose checks the negative aspect hinders (disadvantage) */
    hinders: z.array(PackId).max(20).default([]),
  })
  .strict();
export type Trait = z.infer<typeof Trait>;

/** Up to three traits a person starts with. */
export const MAX_TRAITS = 3;
export const Traits = z
  .array(Trait)
  .max(MAX_TRAITS)
  .default([])
  .refine((ts) => new Set(ts.map((t) => t.id)).size === ts.length, 'trait ids must differ');

/**
 * A bot's argument that one of its own traits fits the risky call it makes, as its brain
 * attaches it to the call: the trait's id and, in words, why. Parsed like every model answer; the
 * Judge verifies the rest (a trait the actor has, a call that is a check) before it commits anything.
 */
export const TraitArgument = z.object({ trait: SafeId, words: z.string().trim().min(1).max(300) }).strict();
export type TraitArgument = z.infer<typeof TraitArgument>;
