import type { Lang, Text } from './text.ts';
import type { Status } from './status.ts';

/**
 * The records of a player's session that are not world state: what was said (messages) and
 * what the player should remember (memory records). They never change the world; the store keeps
 * them beside the log, per world, and hands them back per player. `n` is the record's place in its
 * world's list (0, 1, 2...), given by the store; no wall clock: `tick` dates a record.
 */
export interface RecordHead {
  n: number;
  /** the player's actor id */
  player: string;
  tick: number;
}

/** A game master's tool call as the player sent it (after the server filled in its id and actor). */
export interface SentCall {
  id: string;
  tool: string;
  args: unknown;
}

/** What the player sent (`from: 'player'`) or the game master told them, with its dialog type (docs/design.md, Dialog types). */
export type MessageBody =
  | { from: 'player'; kind: 'intent'; text: string; lang: Lang }
  | { from: 'player'; kind: 'call'; call: SentCall }
  | { from: 'gm'; kind: 'narration'; dialog_type: 'resolution_summary'; text: Text }
  | { from: 'gm'; kind: 'rejection'; dialog_type: 'rule_explanation'; callId: string; reason: Text }
  | { from: 'gm'; kind: 'perceived'; dialog_type: 'scene_description'; lines: Text[] }
  | {
      from: 'gm';
      kind: 'prompt';
      dialog_type: 'action_prompt';
      text: Text;
      actions: { call: { tool: string; args: Record<string, unknown> }; text: Text }[];
    };

export type SessionMessage = RecordHead & MessageBody;

/** What made a memory record: a turn of the player's story or quest, or their body's status. */
export const MEMORY_KINDS = [
  'story_started',
  'chapter_advanced',
  'story_ended',
  'quest_taken',
  'quest_completed',
  'quest_failed',
  'status_changed',
] as const;
export type MemoryKind = (typeof MEMORY_KINDS)[number];

export interface MemoryRecord extends RecordHead {
  kind: MemoryKind;
  /** what happened, in both languages, as it read at that tick */
  summary: Text;
  /** 0..10, as the actors' own memory streams weigh theirs */
  importance: number;
  /** the story's chapter at the time, null when the player has no story */
  chapter: string | null;
  /** the new status, for `status_changed` */
  status?: Status;
  /** the summary's embedding, when the configured model endpoint offers embeddings */
  embedding?: number[];
}

/** The kinds of record a store keeps, by name. */
export interface RecordKinds {
  messages: SessionMessage;
  memory: MemoryRecord;
}
export type RecordKind = keyof RecordKinds;
export const RECORD_KINDS: readonly RecordKind[] = ['messages', 'memory'];

/** A record before the store numbered it. */
export type NewRecord<K extends RecordKind> = RecordKinds[K] extends infer R ? (R extends unknown ? Omit<R, 'n'> : never) : never;

/**
 * Which records of one player: with `after`, the first `limit` whose n is above it (catching up);
 * otherwise the last `limit` below `before` (or the newest: what a page shows on load). Oldest first.
 */
export interface RecordPage {
  after?: number;
  before?: number;
  limit: number;
}

/** What a player sent, as the host tells its listeners (Broadcast.said). */
export type PlayerWords = { tick: number } & Extract<MessageBody, { from: 'player' }>;
