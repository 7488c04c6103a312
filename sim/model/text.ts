import { z } from 'zod';
import { RESERVED_IDS, SafeId } from './ids.ts';

/**
 * The most characters anyone's own words may run to: a player's speech, intent or argument, and a
 * model's speech, refused beyond it where they are parsed; also the cut of untrusted text in a
 * prompt (adapters/llm/fence.ts). One number, so nothing accepted at the door is cut later.
 */
export const WORDS_MAX = 280;

/**
 * What a name shows nothing for: format characters (bidi embeddings, overrides and isolates,
 * zero-width spaces and joiners, the word joiner, the byte-order mark, soft hyphens, tags) and the
 * fillers that print as blanks. `"\u202Enimda\u202C"` would read "admin", `"Ann\u200B"` as Ann.
 */
const UNSEEN = /[\p{Cf}\u034f\u115f\u1160\u17b4\u17b5\u3164\uffa0]/gu;
// a run of spaces of any width reads as one; line breaks are left for the caller to refuse
const SPACES = /[ \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+/g;

/** A name or trait as a reader sees it: composed, nothing unseen, one space between words, trimmed. */
export const visible = (s: string): string => s.normalize('NFC').replace(UNSEEN, '').replace(SPACES, ' ').trim();

/** Every piece of user-visible content in a scenario exists in both languages. */
export const Text = z.object({ cn: z.string().min(1), en: z.string().min(1) }).strict();
export type Text = z.infer<typeof Text>;

export const LANGS = ['cn', 'en'] as const;
export const Lang = z.enum(LANGS);
export type Lang = z.infer<typeof Lang>;

/** A reference that the renderer resolves to a localized name at display time. */
export const Ref = z
  .object({
    /** the last six are the pack's words (vocabulary.json), shown by name; `verb` is what a channel's speaker does */
    ref: z.enum([
      'actor',
      'place',
      'entity',
      'fact',
      'template',
      'item',
      'job',
      'mode',
      'channel',
      'verb',
      'manner',
      'purpose',
      'kind',
      'fund',
    ]),
    id: SafeId,
  })
  .strict();
export type Ref = z.infer<typeof Ref>;

export const Param = z.union([z.string(), z.number(), Ref]);

/** A locale key: dotted words, none of them a name every object answers to. */
const MessageKey = z
  .string()
  .regex(/^[a-z][a-z0-9_]*(\.[a-z0-9_:]+)*$/, 'a locale key (dotted lower-case words)')
  .max(100)
  .refine((k) => k.split('.').every((part) => !RESERVED_IDS.has(part)), 'a reserved name (a property every object has), not a key');
export type Param = z.infer<typeof Param>;

/**
 * Language-neutral text: a locale key with parameters (rules, policy brain) or free text (a language
 * model or a player). Committed events carry messages, never rendered strings, so one log reads in
 * either language and exports do not depend on `--lang`.
 */
export const Message = z.union([
  z.object({ key: MessageKey, params: z.record(SafeId, Param).optional() }).strict(),
  z.object({ text: z.string().min(1) }).strict(),
]);
export type Message = z.infer<typeof Message>;

export const msg = (key: string, params?: Record<string, Param>): Message => (params ? { key, params } : { key });
export const ref = (kind: Ref['ref'], id: string): Ref => ({ ref: kind, id });
