import { z } from 'zod';
import { WorldChange } from './consequence.ts';
import { PackId, SafeId } from './ids.ts';
import { type Message, Text } from './text.ts';

/**
 * The director (docs/design.md, The director): it reads the pack's measures of tension and proposes events
 * from the pack's templates to raise or ease it. The phase is `steady` or `acceleration` (a milestone
 * is near: things come faster).
 */
export type Phase = 'steady' | 'acceleration';
export type Aim = 'raise' | 'ease';

export interface DirectorState {
  phase: Phase;
  /** the tick the phase began */
  since: number;
  /** the last tension measured, 0..100, and each measure behind it */
  tension: number;
  measures: Record<string, number>;
  /** the tick of the last proposal the Judge accepted (-1: none) */
  last: number;
  /** how many proposals were accepted and refused */
  accepted: number;
  refused: number;
}

/**
 * What a measure reads, each 0..100 once scaled by `full` (the count that reads 100):
 * - `conflict`: hostile words, thefts and caught thieves in the director's window (recent ticks);
 * - `danger`: the harm the living carry (severities summed) plus `full / 2` for each one dying;
 * - `quests`: the progress of the furthest quest taken and not done (0 when there are none);
 * - `idle`: ticks since anything happened to a player (to anyone when no player has joined), up to the window.
 */
export const MEASURE_KINDS = ['conflict', 'danger', 'quests', 'idle'] as const;
export type MeasureKind = (typeof MEASURE_KINDS)[number];

export const Measure = z
  .object({
    id: PackId,
    name: Text,
    reads: z.enum(MEASURE_KINDS),
    /** the count (events, severity, ticks) that reads 100; quests read their own 0..100 */
    full: z.number().int().positive().max(100_000).default(10),
    /** how much it counts toward the tension */
    weight: z.number().min(0).max(10).default(1),
    /** counts as 100 minus its reading: long stillness is low tension */
    invert: z.boolean().default(false),
  })
  .strict();
export type Measure = z.infer<typeof Measure>;

/**
 * Where a template happens: one of `places` (any place when absent), or one selling `sells` (a kind
 * of place, told by what it sells), the one with the most people (`busiest`), where a player is
 * (`players`, else the busiest), or any, drawn by the world's dice.
 */
export const Where = z
  .object({
    places: z.array(SafeId).min(1).max(100).optional(),
    sells: PackId.optional(),
    prefer: z.enum(['busiest', 'players', 'any']).default('busiest'),
  })
  .strict();
export type Where = z.infer<typeof Where>;

/** News of the event: a fact the first witness holds (as if they saw it), told to the others present on `channel`. */
export const News = z.object({ type: z.literal('news'), text: Text, truth: z.boolean().default(true), channel: PackId }).strict();
/**
 * A stranger arrives at the place: a person like one of the pack's people (their drives, roles and
 * habits). `names`: who they are, the first not yet taken (without, or when all are, a numbered copy of
 * `like`); `money`: their purse, from one of the pack's money sources (without, an empty purse); `why`:
 * what brings them, told in the feed. The director's `arrivals` bound how many may come.
 */
export const Arrival = z
  .object({
    type: z.literal('arrive'),
    like: PackId,
    names: z.array(Text).min(1).max(100).optional(),
    money: z
      .object({ amount: z.number().int().min(1).max(1_000_000_000), source: PackId })
      .strict()
      .optional(),
    why: Text.optional(),
  })
  .strict();

/**
 * A template's changes: the World Engine's world changes (sim/model/consequence.ts), in which an id may be a
 * placeholder: `$place` the place chosen, `$present` each person there (one change each, at most
 * `most`), `$one` one of them; plus news and an arrival. Judged like anyone's (sim/judge/director.ts).
 */
export const DirectorChange = z.union([WorldChange, News, Arrival]);
export type DirectorChange = z.infer<typeof DirectorChange>;
export const PLACEHOLDERS = ['$place', '$present', '$one'] as const;

export const EventTemplate = z
  .object({
    id: PackId,
    name: Text,
    aim: z.enum(['raise', 'ease']),
    where: Where.default({ prefer: 'busiest' }),
    /** the most people `$present` stands for */
    most: z.number().int().min(1).max(50).default(8),
    changes: z.array(DirectorChange).min(1).max(20),
  })
  .strict();
export type EventTemplate = z.infer<typeof EventTemplate>;

/** When a milestone is near (any one is enough for `acceleration`; none: `steady`). */
export const Milestone = z
  .object({
    id: PackId,
    name: Text,
    /** ticks from..to (to exclusive): a day the world builds toward */
    ticks: z
      .object({ from: z.number().int().min(0), to: z.number().int().positive() })
      .strict()
      .optional(),
    /** a measure at or above a line */
    measure: z
      .object({ id: PackId, above: z.number().min(0).max(100) })
      .strict()
      .optional(),
    /** a quest taken and at least this far along, not yet done */
    quest: z
      .object({ progress: z.number().int().min(1).max(100) })
      .strict()
      .optional(),
  })
  .strict()
  .refine((m) => [m.ticks, m.measure, m.quest].filter(Boolean).length === 1, 'give exactly one of `ticks`, `measure`, `quest`');
export type Milestone = z.infer<typeof Milestone>;

const Pace = z
  .object({
    /** the director looks every this many ticks */
    every: z.number().int().min(1).max(10_000),
    /** and waits this many ticks after a proposal the Judge accepted */
    cooldown: z.number().int().min(0).max(100_000),
  })
  .strict();

/** `director.json` of a pack: its measures of tension, the band it keeps the tension in, its events and milestones. */
export const DirectorFile = z
  .object({
    $schema: z.string().optional(),
    /** the recent ticks the window measures read */
    window: z.number().int().min(1).max(1000).default(24),
    band: z
      .object({ low: z.number().min(0).max(100), high: z.number().min(0).max(100) })
      .strict()
      .refine((b) => b.low < b.high, 'low must be below high'),
    steady: Pace,
    /** the pace while a milestone is near; `low`: the band's floor then (pushing the story on) */
    acceleration: Pace.extend({ low: z.number().min(0).max(100).optional() }),
    measures: z.array(Measure).min(1).max(20),
    templates: z.array(EventTemplate).min(1).max(100),
    milestones: z.array(Milestone).max(50).default([]),
    /**
     * Newcomers the director brings: `most` residents at once (the living who are not players; with
     * `--population`, scaled by it over the pack's people), by default a quarter more than the pack's
     * people; a newcomer who, `leaveAfter` ticks after arriving, holds no job and cannot pay for a
     * meal, leaves again, or sooner once hunger is about to fell them (0: never).
     */
    arrivals: z
      .object({
        most: z.number().int().min(1).max(1_000_000).optional(),
        leaveAfter: z.number().int().min(0).max(1_000_000).default(0),
      })
      .strict()
      .default({ leaveAfter: 0 }),
  })
  .strict();
export type DirectorFile = z.infer<typeof DirectorFile>;

/** What a director (rules or a model) proposes: a template, where, who `$one` is, and why (it is the Judge's to accept). */
export interface DirectorProposal {
  template: string;
  place: string;
  one: string | null;
  aim: Aim;
  /** the proposer's reason; the model's own words when a model proposed */
  why: Message;
}

/**
 * The label of an arrival the director stages, on the `intervened` event it reuses: a researcher's label
 * cannot hold a colon (sim/model/interventions.ts), so the two are never confused, and the metrics count
 * only researchers' interventions.
 */
export const directorLabel = (template: string, tick: number) => `director:${template}:${tick}`;
/** The template of a director's label; null for a researcher's. */
export const directorTemplateOf = (label: string): string | null => (label.startsWith('director:') ? label.split(':')[1] : null);
