import type { PromptMsg, Text } from './types.ts';

/**
 * The story layer's wire shapes as the page reads them. The sessions, quests and director branches
 * had not committed their protocol files (protocol-session/-quests/-director.ts) when this was
 * written, so these mirror the shapes they announced; switch to `import type` from sim/server/protocol.ts
 * once they are there. The page checks what it reads, so a field that differs is shown as missing.
 */

/** A quest as the player sees it: the stated goal and the sources' claims, never the hidden risk. */
export interface QuestLogEntry {
  id: string;
  giverName: Text;
  stated: Text;
  sources: { name: Text; claim: Text }[];
  status: 'offered' | 'taken' | 'completed' | 'failed';
  /** 0..100 */
  progress: number;
  reward: number;
  offeredAt: number;
  deadline: number;
  mine?: 'taken' | 'offered';
}

/** An action_prompt option; `choice` is set when it is one of the story's ink choices. */
export type PromptAction = PromptMsg['actions'][number] & { choice?: number };

export type SessionMessage =
  | { n: number; tick: number; from: 'gm'; kind: 'narration'; text: Text }
  | { n: number; tick: number; from: 'gm'; kind: 'prompt'; text: Text; actions: PromptAction[] }
  | { n: number; tick: number; from: string; kind: string };

export interface SessionReply {
  player: string;
  tick: number;
  session: {
    story: string; chapter: string; situation: string; startedAt: number; turns: number;
    ended: { ending: string; tick: number; summary: Text } | null;
  } | null;
  situations: { tick: number; score: number; chapter: string }[];
  quests: QuestLogEntry[];
  messages: { items: SessionMessage[]; next: number | null };
}

/** The admin's view of a quest: everything the player sees, and what the giver withholds. */
export interface AdminQuest extends Partial<QuestLogEntry> {
  id: string;
  stated: Text;
  risk?: { kind?: string; msg?: Text; text?: Text } | null;
  sources: { name: Text; claim: Text; true?: boolean; truth?: boolean }[];
  takerName?: Text | null;
}

export interface DirectorProposal {
  tick: number;
  template: string;
  /** the template's name, when the server sends it */
  name?: Text;
  aim: 'raise' | 'ease';
  tension: number;
  why: Text;
  /** null: accepted */
  refused: Text | null;
}

export interface DirectorReply {
  phase: 'steady' | 'acceleration';
  since: number;
  tension: number;
  /** each measure's name and value (0..100) */
  measures: { id: string; name?: Text; value: number }[] | Record<string, number>;
  accepted: number;
  refused: number;
  proposals: DirectorProposal[];
}
