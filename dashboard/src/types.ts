/** The wire types come from the server's protocol (types only: nothing of the server is bundled). */
export type {
  ActorDetail,
  ActorSummary,
  CatalogView,
  ControlBody,
  ControlReply,
  EntityView,
  ErrorReply,
  EventView,
  FactView,
  IntentReply,
  JoinReply,
  LastDecision,
  Metrics,
  NarrationMsg,
  PerceivedMsg,
  PromptMsg,
  PlaceView,
  RejectionMsg,
  StatusMsg,
  TickMetrics,
  TickMsg,
  WorldSummary,
} from '../../adapters/server/protocol.ts';
import type { Lang, Text } from '../../sim/model/text.ts';
import type { ToolCall } from '../../sim/model/tools.ts';
export type { Lang, Text, ToolCall };
export type ToolName = ToolCall['tool'];
/** A call as the player sends it: the server fills in id and actor. */
export type DraftCall = { tool: ToolName; args: Record<string, unknown> };

export type Selection =
  { kind: 'actor'; id: string } | { kind: 'entity'; id: string } | { kind: 'fact'; id: string } | { kind: 'place'; id: string };

/** One line of the player's private log. */
export type PlayerLine =
  | { kind: 'narration'; tick: number; text: Text }
  | { kind: 'rejection'; tick: number; text: Text }
  /** `replaced`: a later call for the same tick took its place (one call per player per tick) */
  | { kind: 'queued'; tick: number; call: DraftCall; replaced?: boolean };

export const TOOLS: ToolName[] = ['use_resource', 'interact', 'move', 'create', 'express'];
// the tools are the engine's (sim/model/tools.ts, kept here so the bundle carries no zod); manners, modes
// and channels are the world's words and come from its catalog

export type { NoticedView, StoryLineView, StoryMsg, StoryPage } from '../../adapters/server/protocol.ts';
/** One line of the player's log as shown: their story (kept by the server) or this session's own lines. */
export type LogLine = PlayerLine | { kind: 'story'; tick: number; n: number; story: string; text: Text };
/** The intent reply with its not-found message, and a call's preview (routes/preview.ts). */
export type { IntentFound, PreviewReply } from '../../adapters/server/protocol.ts';
/** The dice screen of a risky call, a written trait, and the verdict on an argued trait (routes/preview.ts). */
export type { ArgueReply, CheckView, FreeTrait } from '../../adapters/server/protocol.ts';
