import { z } from 'zod';
import { type Message, Text } from './text.ts';
import { PackId, SafeId } from './ids.ts';
import { StoryText } from './story-text.ts';
import { TOOL_NAMES } from './tools.ts';

/** A value an ink variable holds: ink knows numbers, strings and booleans. */
export type InkValue = string | number | boolean;

/**
 * A player's story session (docs/design.md, The story): which story, where in it,
 * the ink variables, the ink runtime's own saved state, and the score of each turn. Folded from the
 * story events, so it is in every store the log is, and a restarted server has it back.
 */
export interface StorySession {
  story: string;
  chapter: string;
  situation: string;
  variables: Record<string, InkValue>;
  /** inkjs's saved state (JSON), so the runtime resumes where it stood */
  ink: string;
  startedAt: number;
  turns: number;
  /** the situation score of each judged turn, oldest first */
  scores: { tick: number; score: number; chapter: string }[];
  /** `name`, `text`: the ending's words as committed (absent in logs from before story texts had variants) */
  ended: { ending: string; tick: number; summary: Message; name?: Text; text?: Text } | null;
}

/** An ink variable's source in the committed world: the player's own measures, or the world's. */
export const Binding = z.discriminatedUnion('measure', [
  /** the player's money, energy or reputation */
  z.object({ measure: z.enum(['money', 'energy', 'reputation']) }).strict(),
  /** the current tick, or the day of the world's clock (1 on the first day) */
  z.object({ measure: z.enum(['tick', 'day']) }).strict(),
  /** the id of the place the player is at */
  z.object({ measure: z.literal('place') }).strict(),
  /** whether the player carries a tag (`prefix`: any tag that starts with it, e.g. `job:`) */
  z.object({ measure: z.literal('tag'), tag: SafeId, prefix: z.boolean().default(false) }).strict(),
  /** how many of the player's item */
  z.object({ measure: z.literal('item'), item: PackId }).strict(),
  /** the player's relationship with a person of the pack (-100..100) */
  z.object({ measure: z.literal('relation'), with: PackId }).strict(),
  /** how many people (other than them) know any fact about the player (`self`) or a person of the pack */
  z.object({ measure: z.literal('known'), about: z.union([z.literal('self'), PackId]) }).strict(),
  /** the state of the player's quest made from the pack's quest `quest`: none, offered, taken, completed or failed */
  z.object({ measure: z.literal('quest'), quest: PackId }).strict(),
]);
export type Binding = z.infer<typeof Binding>;

/** What one ink choice stands for: its words in both languages and the one tool call the player makes by taking it. */
export const StoryChoiceDef = z
  .object({
    text: Text,
    call: z.object({ tool: z.enum(TOOL_NAMES), args: z.record(z.string(), z.unknown()) }).strict(),
  })
  .strict();

/** a name may change with the world: one text, or variants chosen by the bound variables (story-text.ts) */
const Named = z.object({ name: StoryText }).strict();

/**
 * `story.json` of a pack: an ink story (the file `ink` names, language-neutral ids only) and what its
 * ids mean. `bindings` read the committed world into ink variables before every evaluation (the ink
 * may read them, never assign them: validate refuses); `chapters`, `situations` and `endings` name the
 * ids of the ink's `# chapter:`, `# situation:` and `# ending:` tags (a chapter id is also the name of
 * the knot it starts at; their words may be variants by the world, story-text.ts); `choices` maps each choice's text (`* [find_work]`) to its words and call.
 */
export const StoryFile = z
  .object({
    $schema: z.string().optional(),
    id: PackId,
    ink: z.string().regex(/^[A-Za-z0-9_-]{1,64}\.ink$/, 'a file name in the pack folder ending in .ink'),
    title: Text,
    bindings: z.record(PackId, Binding).default({}),
    chapters: z.record(PackId, Named),
    situations: z.record(PackId, Named).default({}),
    endings: z.record(PackId, z.object({ name: StoryText, summary: StoryText }).strict()),
    choices: z.record(PackId, StoryChoiceDef),
    /** the rules' progress judge: an ink variable (0..100) read as the situation's score, when the ink keeps one */
    score: PackId.optional(),
  })
  .strict();
export type StoryFile = z.infer<typeof StoryFile>;

/** A story as the loaded pack holds it: the file, the ink source and its compiled JSON (sim/scenario/ink.ts). */
export type LoadedStory = StoryFile & { source: string; compiled: string; variables: string[] };
