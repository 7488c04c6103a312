import { z } from 'zod';
import { Lang, Text, visible, WORDS_MAX } from '../../sim/model/text.ts';
import { PackId, SafeId } from '../../sim/model/ids.ts';
import { MAX_TRAITS } from '../../sim/model/traits.ts';
import { ToolCall } from '../../sim/model/tools.ts';
import { STORY_KINDS } from '../../sim/story/types.ts';
import { CheckView } from './protocol-check.ts';

/**
 * The wire contract between the server and its clients (the dashboard, the player, tests). Every
 * request body, query, socket payload and response has a zod schema here; the dashboard imports
 * the types. Requests are strict (an unknown field is a 400); responses are documented shapes.
 */
export { ToolCall, Text, Lang };
export * from './protocol-session.ts';

// ---- REST requests ---------------------------------------------------------------------------

export const WorldParams = z.object({ w: SafeId }).strict();
export const IdParams = z.object({ w: SafeId, id: SafeId }).strict();

const tickQ = z.coerce.number().int().min(0);
export const EventsQuery = z
  .object({
    from: tickQ.optional(),
    to: tickQ.optional(),
    actor: SafeId.optional(),
    type: z.string().min(1).max(40).optional(),
    /** opaque: returned as `next` by the previous page */
    cursor: z.string().min(1).max(100).optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(200),
    /** instead of a page from `from`: the last N events at or before `to` (what a feed shows on load) */
    last: z.coerce.number().int().min(1).max(1000).optional(),
  })
  .strict()
  .refine((q) => q.last === undefined || q.cursor === undefined, { message: 'last and cursor do not go together', path: ['last'] });
export type EventsQuery = z.infer<typeof EventsQuery>;

export const MetricsQuery = z.object({ from: tickQ.optional(), to: tickQ.optional() }).strict();
export type MetricsQuery = z.infer<typeof MetricsQuery>;

export const ControlBody = z
  .object({
    /** close_joining / open_joining: whether new players may join (those already in stay) */
    action: z.enum(['pause', 'resume', 'step', 'speed', 'close_joining', 'open_joining']),
    /** with `speed`: the new tick interval */
    tickMs: z.number().int().min(10).max(600_000).optional(),
  })
  .strict()
  .refine((b) => b.action !== 'speed' || b.tickMs !== undefined, { message: 'tickMs is required with speed', path: ['tickMs'] });
export type ControlBody = z.infer<typeof ControlBody>;

/**
 * A player's own words (a name, a concept, a trait, an argument): as a reader sees them (`visible`:
 * nothing hidden, so a name cannot pass for another), bounded, and free of control characters (a
 * line break, a NUL, an escape).
 */
const Words = (min: number, max: number) =>
  z
    .string()
    .transform(visible)
    .pipe(
      z
        .string()
        .min(min)
        .max(max)
        .refine((s) => !/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(s), 'no control characters'),
    );

/**
 * A trait the player writes (docs/design.md, Traits and tags): a name, what it is good for and what it costs them, and
 * which of the world's manners and purposes each side fits (ids the host checks against the pack).
 */
export const FreeTrait = z
  .object({
    name: Words(1, 40),
    positive: Words(1, 120),
    negative: Words(1, 120),
    helps: z.array(PackId).max(5).default([]),
    hinders: z.array(PackId).max(5).default([]),
  })
  .strict();
export type FreeTrait = z.infer<typeof FreeTrait>;

export const JoinBody = z
  .object({
    name: Words(1, 40),
    /** a one-line concept of the character */
    concept: Words(0, 200).default(''),
    place: SafeId,
    lang: Lang.default('en'),
    /** up to three: a preset's id (GET /catalog `traits`) or a trait written here */
    traits: z
      .array(z.union([PackId, FreeTrait]))
      .max(MAX_TRAITS)
      .default([]),
  })
  .strict();
export type JoinBody = z.infer<typeof JoinBody>;

/** `POST /players/:id/traits`: one more trait, declared in play where the pack allows it; a preset's id or one written, as at join. */
export const DeclareBody = z.object({ trait: z.union([PackId, FreeTrait]) }).strict();
export type DeclareBody = z.infer<typeof DeclareBody>;

export const IntentBody = z.object({ text: z.string().trim().min(1).max(WORDS_MAX), lang: Lang.default('en') }).strict();
export type IntentBody = z.infer<typeof IntentBody>;

/**
 * The call the player wants. `id` and `actor` may be left out: the server fills them in (the
 * actor is always the player's own; naming another actor is a 403).
 */
export const PlayerCall = z
  .object({
    id: SafeId.optional(),
    actor: SafeId.optional(),
    tool: z.string(),
    args: z.unknown(),
  })
  .strict();
/** `choice`: the index of the story option this call takes (sim/tick/story.ts); it counts only if the call is that option's and is committed */
export const ActBody = z.object({ call: PlayerCall, choice: z.number().int().min(0).max(99).optional() }).strict();
export type ActBody = z.infer<typeof ActBody>;

// ---- REST responses --------------------------------------------------------------------------

export const Observing = z.enum(['public', 'private']);
/** whether new players may join (the admin's `close_joining` / `open_joining`) */
export const Joining = z.enum(['open', 'closed']);
export const WorldSummary = z.object({
  id: z.string(),
  name: Text,
  tick: z.number().int(),
  paused: z.boolean(),
  tickMs: z.number().int(),
  turnBased: z.boolean(),
  observing: Observing,
  joining: Joining,
  /** who is in the world: left out for a caller without a token when the world is private */
  population: z.number().int().optional(),
  players: z.object({ joined: z.number().int(), cap: z.number().int() }).optional(),
});
export type WorldSummary = z.infer<typeof WorldSummary>;

export const PlaceView = z.object({
  id: z.string(),
  name: Text,
  kind: z.string().optional(),
  x: z.number(),
  y: z.number(),
  /** generated sub-areas hang off a parent */
  parent: z.string().optional(),
  links: z.array(z.object({ to: z.string(), distance: z.number(), modes: z.array(z.string()) })),
  present: z.array(z.string()),
  entities: z.array(z.string()),
  mood: z.number(),
});
export type PlaceView = z.infer<typeof PlaceView>;

export const ActorSummary = z.object({
  id: z.string(),
  name: Text,
  place: z.string(),
  status: z.string(),
  money: z.number(),
  energy: z.number(),
  /** each need the pack declares beyond energy, by name, with its level now (absent: the pack declares none) */
  needs: z.array(z.object({ id: z.string(), name: Text, level: z.number(), max: z.number() })).optional(),
  isPlayer: z.boolean(),
  /** a player's character that left when their seat was freed: in the log, at no place */
  left: z.literal(true).optional(),
});
export type ActorSummary = z.infer<typeof ActorSummary>;

export const Verdict = z.enum(['committed', 'rejected', 'error']);
export const LastDecision = z.object({ tick: z.number().int(), call: z.unknown(), verdict: Verdict, reason: Text.optional() });
export type LastDecision = z.infer<typeof LastDecision>;

export const ActorDetail = z.object({
  id: z.string(),
  name: Text,
  isPlayer: z.boolean(),
  soul: z.object({ name: Text, description: Text.optional(), personality: Text.optional(), concept: Text.optional() }).passthrough(),
  /** traits with both aspects: what helps and what hinders this person's checks */
  traits: z.array(z.object({ id: z.string(), name: Text, positive: Text, negative: Text })),
  body: z.object({
    place: z.string(),
    status: z.string(),
    resources: z.object({ money: z.number(), energy: z.number() }),
    /** each need the pack declares beyond energy, by name, with its level now (absent: the pack declares none) */
    needs: ActorSummary.shape.needs,
    inventory: z.record(z.string(), z.number()),
    relations: z.record(z.string(), z.number()),
    reputation: z.number(),
    tags: z.array(z.string()),
    /** how the body is, in words (a collapsed person is not "well"), and the tags that have a name, in words */
    condition: Text,
    tagNames: z.array(Text),
  }),
  memories: z.array(z.object({ tick: z.number().int(), kind: z.string(), text: Text, importance: z.number() })),
  lastDecision: LastDecision.nullable(),
});
export type ActorDetail = z.infer<typeof ActorDetail>;

export const EntityView = z.object({
  id: z.string(),
  template: z.string(),
  name: Text,
  owner: z.string().nullable(),
  location: z.string(),
  properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  createdAt: z.number().int(),
  /** the kind of thing (its template's name) and the properties a person may read, named; bookkeeping is left out */
  kind: Text,
  shown: z.array(z.object({ name: Text, value: z.string() })),
});
export type EntityView = z.infer<typeof EntityView>;

export const FactView = z.object({
  id: z.string(),
  content: Text,
  about: z.string().nullable(),
  origin: z.object({ actor: z.string(), tick: z.number(), place: z.string() }),
  knownBy: z.array(z.object({ actor: z.string(), from: z.string(), tick: z.number().int() })),
});
export type FactView = z.infer<typeof FactView>;

/** A committed event as stored, plus its feed line when it has one. */
export const EventView = z.object({ tick: z.number().int(), seq: z.number().int(), type: z.string(), text: Text.optional() }).passthrough();
export type EventView = z.infer<typeof EventView>;
export const EventsPage = z.object({ events: z.array(EventView), next: z.string().nullable() });
export type EventsPage = z.infer<typeof EventsPage>;

export const TickMetrics = z.object({
  tick: z.number().int(),
  gini: z.number(),
  money: z.object({ p10: z.number(), p50: z.number(), p90: z.number(), total: z.number() }),
  actions: z.record(z.string(), z.number()),
  /** speakers' claims about the world (hearsay), how many the committed state contradicted, and model texts held back as unbacked: the admin's alone */
  claims: z.object({ made: z.number().int(), contradicted: z.number().int(), held: z.number().int() }).optional(),
  /** living actors; the relationship network among them (sim/metrics/README.md: null where not applicable); facts and who knows them */
  population: z.number().int().optional(),
  network: z
    .object({
      relations: z.number().int(),
      density: z.number().nullable(),
      reciprocity: z.number().nullable(),
      clustering: z.number().nullable(),
    })
    .optional(),
  knowledge: z.object({ facts: z.number().int(), knowings: z.number().int() }).optional(),
});
export type TickMetrics = z.infer<typeof TickMetrics>;
export const Metrics = z.object({
  ticks: z.array(TickMetrics),
  relations: z.object({
    nodes: z.array(z.object({ id: z.string(), name: Text })),
    edges: z.array(z.object({ from: z.string(), to: z.string(), weight: z.number() })),
  }),
});
export type Metrics = z.infer<typeof Metrics>;

/** after the action: the last committed tick, and (in a turn-based world) the players it now waits for */
export const ControlReply = z.object({
  paused: z.boolean(),
  tickMs: z.number().int(),
  tick: z.number().int(),
  joining: Joining,
  waitingFor: z.array(z.string()).optional(),
});
export type ControlReply = z.infer<typeof ControlReply>;
export const JoinReply = z.object({ actorId: z.string(), token: z.string() });
export type JoinReply = z.infer<typeof JoinReply>;
export const IntentReply = z.object({ call: ToolCall, understood: Text });
export type IntentReply = z.infer<typeof IntentReply>;
export const ActReply = z.object({ queuedFor: z.number().int() });
export type ActReply = z.infer<typeof ActReply>;

/** What a player's tool form offers: every choice with its name in both languages. */
const Choice = z.object({ id: z.string(), name: Text });
export const CatalogView = z.object({
  tools: z.array(Choice),
  manners: z.array(Choice),
  modes: z.array(Choice),
  channels: z.array(Choice),
  purposes: z.array(Choice),
  templates: z.array(Choice.extend({ kind: z.string(), cost: z.object({ money: z.number(), energy: z.number() }) })),
  items: z.array(Choice.extend({ price: z.number() })),
  /** the pack's jobs, by name (what people say of work names them) */
  jobs: z.array(Choice),
  /** the pack's money: its name, and how an amount is written (`{{amount}}` is the number) */
  currency: z.object({ name: Text, format: Text }),
  /** what a tick stands for, and how many make a day (the dashboard's clock) */
  time: z.object({ tick: Text, ticksPerDay: z.number(), startHour: z.number() }),
  /** the traits a player may pick at join: those the pack gives its people, once each */
  traits: z.array(Choice.extend({ positive: Text, negative: Text, helps: z.array(z.string()), hinders: z.array(z.string()) })),
  /** the manners and purposes that are checks (a trait may help or hinder them) */
  risky: z.array(Choice.extend({ kind: z.enum(['manner', 'purpose']) })),
  /** whether a player may declare a new trait in play (`POST /players/:id/traits`), up to three in all */
  traitsInPlay: z.boolean(),
  /** the pack's story, when it has one: the names of its chapters, situations and endings (the dashboard's story panel) */
  story: z
    .object({ title: Text, chapters: z.array(Choice), situations: z.array(Choice), endings: z.array(Choice.extend({ summary: Text })) })
    .nullable()
    .optional(),
});
export type CatalogView = z.infer<typeof CatalogView>;

/** Every 4xx/5xx body. `code` is stable; `message` is for people. */
export const ErrorReply = z.object({ code: z.string(), message: Text, issues: z.array(z.string()).optional() });
export type ErrorReply = z.infer<typeof ErrorReply>;

// ---- Socket.IO -------------------------------------------------------------------------------

export const SocketAuth = z.object({ world: z.string().min(1).max(100), token: z.string().min(1).max(200).optional() }).strict();
export type SocketAuth = z.infer<typeof SocketAuth>;

/** server -> room `world:<id>` */
export const TickMsg = z.object({
  tick: z.number().int(),
  events: z.array(EventView),
  summary: z
    .object({
      before: z.number(),
      created: z.number(),
      destroyed: z.number(),
      after: z.number(),
      sources: z.record(z.string(), z.number()),
      sinks: z.record(z.string(), z.number()),
    })
    .nullable(),
  actors: z.array(ActorSummary),
});
export type TickMsg = z.infer<typeof TickMsg>;
export const StatusMsg = z.object({
  paused: z.boolean(),
  tickMs: z.number().int(),
  tick: z.number().int(),
  turnBased: z.boolean(),
  joining: Joining,
  /** turn-based: the world waits for these players */
  waitingFor: z.array(z.string()).optional(),
  /** turn-based: for at most this many ms before those it waits for count as away (null: no limit) */
  waitMs: z.number().nullable().optional(),
});
export type StatusMsg = z.infer<typeof StatusMsg>;

/**
 * server -> room `player:<actorId>`. Every text a player receives carries its dialog type (docs/design.md, Dialog types)
 * (sim/gm/dialog.ts), whose constraint it was held to.
 */
export const NarrationMsg = z.object({ tick: z.number().int(), dialog_type: z.literal('resolution_summary'), text: Text });
export type NarrationMsg = z.infer<typeof NarrationMsg>;
export const RejectionMsg = z.object({
  tick: z.number().int(),
  dialog_type: z.literal('rule_explanation'),
  callId: z.string(),
  reason: Text,
});
export type RejectionMsg = z.infer<typeof RejectionMsg>;
export const PerceivedMsg = z.object({ tick: z.number().int(), dialog_type: z.literal('scene_description'), lines: z.array(Text) });
export type PerceivedMsg = z.infer<typeof PerceivedMsg>;
/** the game master's next actions: two to four calls the Judge would accept now, each with what it does in words */
export const PromptMsg = z.object({
  tick: z.number().int(),
  dialog_type: z.literal('action_prompt'),
  text: Text,
  actions: z.array(
    z.object({
      call: z.object({ tool: z.string(), args: z.record(z.string(), z.unknown()) }),
      text: Text,
      /** a story option (sim/tick/story.ts): send it back as the act's `choice` with this call */
      choice: z.number().int().optional(),
      /** that story option's id in the pack's story.json (what a scripted client picks by; `toward:<id>` for a step toward it) */
      option: z.string().optional(),
      /** the dice screen of its check, shown before it fires */
      check: CheckView.optional(),
      /** it would leave the player collapsed: said before it is sent */
      warning: Text.optional(),
    }),
  ),
});
export type PromptMsg = z.infer<typeof PromptMsg>;

/** client -> server `act`, answered through the ack */
export const ActMsg = ActBody;
export type ActAck = { ok: true; queuedFor: number } | { ok: false; error: ErrorReply };
/** server -> client `error`, for payloads that came without an ack */
export type ErrorMsg = ErrorReply;

export const SOCKET_EVENTS = {
  tick: 'tick',
  status: 'status',
  narration: 'narration',
  rejection: 'rejection',
  perceived: 'perceived',
  prompt: 'prompt',
  act: 'act',
  error: 'error',
  story: 'story',
} as const;

/**
 * Every event the server emits on a socket, and who hears it: `everyone` in the world (no world secret in
 * it), `cut` (each socket hears the audience's cut of it: sim/audience), or `self` (only the player it is
 * for, in their own room, or the one socket it answers). test/audience.routes.test.ts fails on an event
 * emitted that is not here.
 */
export const SOCKET_AUDIENCES = {
  status: 'everyone',
  tick: 'cut',
  narration: 'self',
  rejection: 'self',
  perceived: 'self',
  prompt: 'self',
  story: 'self',
  session: 'self',
  error: 'self',
} as const;

export const worldRoom = (w: string) => `world:${w}`;
export const playerRoom = (actor: string) => `player:${actor}`;
/** the sockets that hear a world's ticks as a bystander does, and as its admin does */
export const publicRoom = (w: string) => `public:${w}`;
export const adminRoom = (w: string) => `admin:${w}`;

// ---- the player's story (sim/story) ---------------------------------------------------------------

/** GET /players/:id/story: the lines after line `after` (a line's `n`), at most `limit` */
export const StoryQuery = z
  .object({
    after: z.coerce.number().int().min(-1).max(1e9).default(-1),
    limit: z.coerce.number().int().min(1).max(1000).default(500),
  })
  .strict();
export type StoryQuery = z.infer<typeof StoryQuery>;

export const StoryLineView = z.object({ n: z.number().int(), tick: z.number().int(), kind: z.enum(STORY_KINDS), text: Text });
export type StoryLineView = z.infer<typeof StoryLineView>;
/** what others did where the player stands, for the last few ticks there */
export const NoticedView = z.object({ tick: z.number().int(), place: z.string(), text: Text });
export type NoticedView = z.infer<typeof NoticedView>;
/** `next`: the `after` of the next page, null on the last */
export const StoryPage = z.object({ lines: z.array(StoryLineView), noticed: z.array(NoticedView), next: z.number().int().nullable() });
export type StoryPage = z.infer<typeof StoryPage>;
/** server -> room `player:<actorId>` after each tick: the new lines, and what the player notices now (the whole window) */
export const StoryMsg = z.object({ tick: z.number().int(), lines: z.array(StoryLineView), noticed: z.array(NoticedView) });
export type StoryMsg = z.infer<typeof StoryMsg>;
// ---- understood before sent (bots/intent, routes/preview.ts) ------------------------------------

/**
 * The intent reply (bots/intent/types.ts), with the message the card shows instead of a call when something
 * named is not to be had; the calls to choose from when the words fit several; the not-understood with
 * phrasings to try; `look` when the words ask what is around.
 */
export const IntentFound = IntentReply.extend({
  notFound: Text.optional(),
  choices: z.array(IntentReply).optional(),
  notUnderstood: Text.optional(),
  suggestions: z.array(Text).optional(),
  look: z.boolean().optional(),
});
export type IntentFound = z.infer<typeof IntentFound>;
/** `POST /players/:id/preview`: the call, as for /act. */
export const PreviewBody = ActBody;
export type PreviewBody = z.infer<typeof PreviewBody>;
/** What the Judge would say of the call now: the cost and what would happen, or the refusal and a way that would work. */
export const PreviewReply = z.object({
  ok: z.boolean(),
  text: Text,
  hint: Text.optional(),
  cost: z.object({ money: z.number().int(), energy: z.number().int() }),
  code: z.string().optional(),
  /** present when the call is a check */
  check: CheckView.optional(),
  /** present when the call would leave the player collapsed (sim/gm/ahead.ts) */
  warning: Text.optional(),
});
export type PreviewReply = z.infer<typeof PreviewReply>;

// ---- arguing for a trait (routes/argue.ts, sim/judge/argue.ts) -------------------------------------

/** `POST /players/:id/argue`: which of the player's traits, for which call, in their words. */
export const ArgueBody = z.object({ trait: SafeId, call: PlayerCall, words: Words(1, WORDS_MAX) }).strict();
export type ArgueBody = z.infer<typeof ArgueBody>;
/**
 * The verdict: `ok` with why (`helps`: it counted anyway; `argued`: one advantage at the next check of
 * that word, committed by the Judge at the next tick; `again`: already argued, not yet spent), or the
 * refusal explained; and the dice screen as it will be.
 */
export const ArgueReply = z.object({
  ok: z.boolean(),
  why: z.enum(['helps', 'argued', 'again']).optional(),
  code: z.string().optional(),
  text: Text,
  check: CheckView,
});
export type ArgueReply = z.infer<typeof ArgueReply>;
export * from './protocol-quests.ts';
export * from './protocol-director.ts';
export * from './protocol-story-options.ts';
export * from './protocol-check.ts';
