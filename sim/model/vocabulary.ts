import { z } from 'zod';
import { Text } from './text.ts';
import { PackId } from './ids.ts';

/**
 * The pack's own words for the engine's lines about one of its words (README, "Feed lines worded by the pack"):
 * by the line's locale key (`narrative.eat_item`, `side.liked`, ...), a `{cn, en}` text with the same
 * `{{slots}}`. A line names its words as references (the item eaten, the thing's template, the manner,
 * the channel); the first of them that words the line says it, else the engine's generic line does.
 */
export const Say = z.record(z.string().regex(/^(narrative|side)\.[a-z_]+$/, 'a line of the feed: narrative.<key> or side.<key>'), Text);
export type Say = z.infer<typeof Say>;

/**
 * A pack's vocabulary (`vocabulary.json`): every word of its genre that a tool call, a feed line or a
 * prompt can carry. The engine knows mechanisms (what a manner *does*, what a purpose spends into);
 * the pack names them, in cn and en. Ids here are what tool calls carry (`manner: "steal"`), so a
 * word the pack does not declare is refused by the Judge.
 */
const Id = PackId;

/** Other words a player may use for it, in either language (its name always counts): what the intent parser knows. */
export const Aliases = z
  .object({ cn: z.array(z.string().min(1).max(60)).max(20).default([]), en: z.array(z.string().min(1).max(60)).max(20).default([]) })
  .strict()
  .default({ cn: [], en: [] });
export type Aliases = z.infer<typeof Aliases>;

/** A text frame: a Text whose both languages carry the named `{{slots}}`. */
const frame = (...slots: string[]) =>
  Text.refine(
    (t) => slots.every((s) => t.cn.includes(`{{${s}}}`) && t.en.includes(`{{${s}}}`)),
    `must contain ${slots.map((s) => `{{${s}}}`).join(', ')} in both cn and en`,
  );

export const Currency = z
  .object({
    /** the currency's name, as a summary heading says it */
    name: Text,
    /** how an amount is written: `{{amount}}` is the number */
    format: frame('amount'),
  })
  .strict();

export const Time = z
  .object({
    /** what one tick stands for ("ten minutes") */
    tick: Text,
    /** ticks in a day, for the day-and-hour clock that feeds and summaries show */
    ticksPerDay: z.number().int().min(1).max(100_000),
    /** the hour of day 1 that tick 0 falls on */
    startHour: z.number().int().min(0).max(23).default(0),
    /**
     * the hours people sleep, `from` (inclusive) to `to` (exclusive), wrapping past midnight: nobody
     * is woken then but the dying and players, so a night tick costs next to nothing; everyone due
     * wakes with the morning
     */
    sleep: z
      .object({ from: z.number().int().min(0).max(23), to: z.number().int().min(0).max(23) })
      .strict()
      .refine((s) => s.from !== s.to, 'from and to must differ')
      .optional(),
  })
  .strict();

export const Mode = z
  .object({
    name: Text,
    aliases: Aliases,
    ticksPerUnit: z.number().min(0),
    moneyBase: z.number().int().min(0),
    moneyPerUnit: z.number().int().min(0),
    energyPerUnit: z.number().int().min(0),
    /** where the fare goes (a declared sink; default: the vocabulary's `spending`) */
    sink: Id.optional(),
    say: Say.optional(),
  })
  .strict();
export type Mode = z.infer<typeof Mode>;

/**
 * Who hears an `express`: the people at the place, one's friends wherever they are, oneself, everyone
 * in the world (a public address), or one listener the call names (`to`), who must be at the speaker's place.
 */
export const REACH = ['place', 'friends', 'self', 'world', 'one'] as const;
export const Channel = z
  .object({
    name: Text,
    aliases: Aliases,
    /** what the speaker does, after their name, in both languages (en: "sends a letter round") */
    verb: Text,
    reach: z.enum(REACH),
    say: Say.optional(),
  })
  .strict();
export type Channel = z.infer<typeof Channel>;

/**
 * What an interaction does, whatever the pack calls it: `befriend` (warmth, passes on news), `bargain`
 * (a job from an employer), `observe` (look, admire a made thing), `quarrel`, `rescue` (the dying and
 * unconscious; else befriend), `learn` (attend a class; else befriend), `buy` (from a stall), `steal`
 * (a theft: always a check, see `Checks`).
 */
export const MANNER_MECHANISMS = ['befriend', 'bargain', 'observe', 'quarrel', 'rescue', 'learn', 'buy', 'steal'] as const;
export type MannerMechanism = (typeof MANNER_MECHANISMS)[number];
export const Manner = z
  .object({
    name: Text,
    aliases: Aliases,
    does: z.enum(MANNER_MECHANISMS),
    /** a risky manner is a check (2d6): its band decides whether it comes off (a theft always is one) */
    risky: z.boolean().optional(),
    /** steal: the most a full success can take */
    max: z.number().int().positive().optional(),
    say: Say.optional(),
  })
  .strict();
export type Manner = z.infer<typeof Manner>;

/**
 * What spending a resource is for: `eat` (food from a stall, the place, or one's bag), `work` (a held
 * job at its place), `perform` (play one of `items` for whoever listens, tips from `source`), `invest`
 * (raise one's own thing's level), `gift`, `buy` (an item the place sells), `rest`, `spend` (just spend).
 */
export const PURPOSE_MECHANISMS = ['eat', 'work', 'perform', 'invest', 'gift', 'buy', 'rest', 'spend'] as const;
export type PurposeMechanism = (typeof PURPOSE_MECHANISMS)[number];
export const Purpose = z
  .object({
    name: Text,
    aliases: Aliases,
    does: z.enum(PURPOSE_MECHANISMS),
    /** the declared sink money spent this way goes to (default: the vocabulary's `spending`) */
    sink: Id.optional(),
    /** spend: the fund (scenario.json `rules.money.funds`) money spent this way goes into instead of a sink; only its members may */
    fund: Id.optional(),
    /** perform: the declared source tips come from */
    source: Id.optional(),
    /** perform: the items one can perform with */
    items: z.array(Id).default([]),
    /** a risky purpose is a check (2d6): its band decides whether it comes off */
    risky: z.boolean().optional(),
    say: Say.optional(),
  })
  .strict();
export type Purpose = z.infer<typeof Purpose>;

/** What a role lets its holder do beyond what anyone may: `hire` (offer the pack's jobs), `teach` (teach any class). */
export const PERMITS = ['hire', 'teach'] as const;
export const Role = z.object({ name: Text, permits: z.array(z.enum(PERMITS)).default([]) }).strict();
export type Role = z.infer<typeof Role>;

/** A kind of template: its name, what making one announces and earns, and the sink its materials go to. */
export const Kind = z
  .object({
    name: Text,
    /** said to the place when one is made; may use {{place}} and {{actor}} */
    announce: Text.optional(),
    /** reputation the maker gains */
    reputation: z.number().int().min(0).max(5).default(0),
    /** whether people make these (false: only the pack places them, like a depot) */
    made: z.boolean().default(true),
    sink: Id.optional(),
    say: Say.optional(),
  })
  .strict();
export type Kind = z.infer<typeof Kind>;

/**
 * The table (docs/design.md, Dice): 2d6 bands, what success at a cost costs, and what each of the pack's tags does
 * to a check. A tag `hinders` (or `helps`) the checks of the manners and purposes it lists: a broken
 * arm hinders a theft, a good name helps a bargain.
 */
export const Checks = z
  .object({
    /** a 12+ critical band, or none */
    critical: z.number().int().min(11).max(12).nullable().default(null),
    /** the energy a success at a cost (7-9) takes on top of the call's own */
    partialEnergy: z.number().int().min(0).max(100).default(5),
    tags: z.record(Id, z.object({ helps: z.array(Id).default([]), hinders: z.array(Id).default([]) }).strict()).default({}),
    /** whether a player may declare a new trait in play (up to three in all), not only pick them at join */
    traitsInPlay: z.boolean().default(false),
    /** whether a trait's positive aspect counts only once argued for the check at hand (docs/design.md, Traits and tags); its downside always counts */
    traitsArgued: z.boolean().default(true),
  })
  .strict();
export type Checks = z.infer<typeof Checks>;

/** How a harm heals: with a rest (a purpose that `rest`s), with another's care (a manner that `rescue`s), or by itself after `ticks`. */
export const Heals = z
  .object({
    rest: z.boolean().default(false),
    care: z.boolean().default(false),
    ticks: z.number().int().positive().optional(),
  })
  .strict();

/** One harm: how much it weighs, how it heals, and what a second blow makes of it while it stands. */
export const HarmTag = z
  .object({
    severity: z.number().int().min(0).max(10),
    heals: Heals.default({ rest: false, care: false }),
    /** the harm a blow deals instead while this one stands (a bruise hit again becomes a broken arm); tags do not stack */
    worse: Id.optional(),
  })
  .strict();
export type HarmTag = z.infer<typeof HarmTag>;

/**
 * Tags instead of hit points (docs/design.md, Harm): harm is a tag with a severity, and the status machine reads
 * the sum. A check the pack names in `from` hurts: its failure the one who tried, its full success
 * the target. Only the Judge deals harm; rest, care and time take it away as each tag says.
 */
export const Harm = z
  .object({
    tags: z.record(Id, HarmTag).default({}),
    /** total severity that knocks a person out, by a fresh blow */
    unconsciousAt: z.number().int().positive().optional(),
    /** total severity that leaves a person dying, by a fresh blow; death still waits for the dying window */
    dyingAt: z.number().int().positive().optional(),
    /** for a manner or purpose that is a check: the harm its failure deals the one who tried, and its full success the target */
    from: z.record(Id, z.object({ fail: Id.optional(), full: Id.optional() }).strict()).default({}),
    /** a caught thief (a failed check of a manner that steals): marked with `tag`, restrained for good after `after` catches */
    restrain: z.object({ tag: Id.optional(), after: z.number().int().positive().optional() }).strict().optional(),
    /**
     * hit points instead, if the pack wants them: 0 is dying. A blow the dice deal costs its harm's
     * severity; `step` is what a rest or another's care gives back, and the most any one call moves
     */
    hp: z
      .object({ max: z.number().int().min(1).max(1000), step: z.number().int().min(1).max(1000).default(1) })
      .strict()
      .optional(),
  })
  .strict();
export type Harm = z.infer<typeof Harm>;

const words = <T extends z.ZodTypeAny>(t: T) => z.record(Id, t).refine((r) => Object.keys(r).length > 0, 'declare at least one');

export const VocabularyFile = z
  .object({
    $schema: z.string().optional(),
    currency: Currency,
    time: Time,
    modes: words(Mode),
    channels: words(Channel),
    manners: words(Manner),
    purposes: words(Purpose),
    roles: z.record(Id, Role).default({}),
    kinds: words(Kind),
    /** what a person reads for each of the pack's own tags (`newcomer`, `laid_off`): a tag without a name is not shown */
    tags: z.record(Id, Text).default({}),
    checks: Checks.default({ critical: null, partialEnergy: 5, tags: {}, traitsInPlay: false, traitsArgued: true }),
    /** harm tags and what makes a person unconscious, dying or restrained (default: no harm rules) */
    harm: Harm.default({ tags: {}, from: {} }),
    /** the sink money goes to when nothing more particular is declared */
    spending: Id,
  })
  .strict();
export type Vocabulary = z.infer<typeof VocabularyFile>;
