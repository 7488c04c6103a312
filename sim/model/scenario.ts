import { z } from 'zod';
import { QuestsFile } from './quests.ts';
import { DirectorFile } from './director.ts';
import { StoryFile, type LoadedStory } from './session.ts';
import { Text } from './text.ts';
import { Status } from './status.ts';
import { PackId, SafeId } from './ids.ts';
import { Aliases, Say, VocabularyFile } from './vocabulary.ts';
import { Traits } from './traits.ts';
import { Fund } from './funds.ts';

/** Scenario pack files. Each schema is published as JSON Schema (`npm run schema`) for editors. */
const Id = PackId;
const Unit = z.number().min(0).max(1);
const Named = { id: Id, name: Text };
export type { Aliases } from './vocabulary.ts';

/**
 * Who may join a served world and what they bring. A purse is money entering the world, so it needs
 * a declared source to be booked under; the cap bounds how many newcomers hold a seat at once (cap x
 * money in play), and each seat the Judge frees (sim/judge/seats.ts) lets one more newcomer bring one.
 * Without the block a pack takes no players' money at all: nobody arrives with a purse by default.
 */
export const Players = z
  .object({
    /** seats: players in this world at once (the dead keep theirs; a seat is free again only when the Judge frees it) */
    cap: z.number().int().min(0).max(10_000).default(8),
    /** the purse a newcomer brings; 0 creates nothing */
    money: z.number().int().min(0).default(0),
    /** a newcomer's energy (default: the needs' energyMax) */
    energy: z.number().int().min(0).optional(),
    /** the money source a purse is booked under (required when money > 0) */
    source: Id.optional(),
    /** ticks a player may go without acting before the Judge frees their seat for the next join */
    idleTicks: z.number().int().min(1).max(10_000_000).default(600),
    /** what a character whose seat is freed does: goes on as a bot, or leaves the world */
    whenFreed: z.enum(['bot', 'leaves']).default('leaves'),
    /** what an away player's body does (sim/judge/presence.ts): sleeps, time standing still for it, or is played by the bots' brain */
    away: z.enum(['asleep', 'bot']).default('asleep'),
  })
  .strict()
  .default({ cap: 8, money: 0, idleTicks: 600, whenFreed: 'leaves', away: 'asleep' });
export type Players = z.infer<typeof Players>;

/** a role the vocabulary declares: what it permits is said there */
export const Role = Id;

/**
 * Making a new place (a generated sub-area): what it costs the maker, how many a tick and a world may
 * gain, and whose role allows it (null: anyone). Defaults keep packs written before this loading.
 */
export const NewPlaces = z
  .object({
    money: z.number().int().min(0),
    energy: z.number().int().min(0),
    perTick: z.number().int().min(0),
    perWorld: z.number().int().min(0),
    roles: z.array(Role).nullable(),
  })
  .strict();
export const NEW_PLACES_DEFAULT = { money: 500, energy: 20, perTick: 1, perWorld: 12, roles: null };

/**
 * A need beyond energy (hunger, the built-in one) that a pack declares: air, warmth, sleep, thirst. A body
 * starts full, loses `perDay` over a day's waking ticks (whole units, as energy does) and is raised only by
 * using an item whose `satisfies` names it. At zero the body suffers `atZero`: `weak` (the engine's `weak`
 * tag, which the pack's `checks.tags` may make hinder what it likes), `collapse` (unconscious, coming round
 * after the pack's unconsciousTicks, and again while still empty: never dying of it) or `{ harm: <tag> }`
 * (one of the pack's harm tags, dealt by the Judge as a blow is).
 */
export const Need = z
  .object({
    ...Named,
    max: z.number().int().positive(),
    perDay: z.number().int().min(0),
    atZero: z.union([z.enum(['weak', 'collapse']), z.object({ harm: Id }).strict()]),
  })
  .strict();
export type Need = z.infer<typeof Need>;

export const Rules = z
  .object({
    caps: z
      .object({
        reputationDelta: z.number().int().positive(),
        relationshipDelta: z.number().int().positive(),
        moneyPerAction: z.number().int().positive(),
        energyPerAction: z.number().int().positive(),
      })
      .strict(),
    money: z
      .object({
        /**
         * none: a closed economy, where money only changes hands or leaves. `perDay`: the most a source
         * may create in one of the pack's days, all people together (absent: no bound, an open economy)
         */
        sources: z.array(z.object({ ...Named, perDay: z.number().int().min(0).max(1_000_000_000).optional() }).strict()),
        sinks: z.array(z.object(Named).strict()).min(1),
        /** money nobody owns (sim/model/funds.ts): members pay in through a purpose with `fund`, and a rule pays out */
        funds: z.array(Fund).default([]),
      })
      .strict(),
    needs: z
      .object({
        energyMax: z.number().int().positive(),
        /** energy a body burns over a day's waking ticks (sleep costs none), charged in whole units as it adds up */
        energyPerDay: z.number().int().min(0),
        lonelyAfterTicks: z.number().int().positive(),
        dyingWindowTicks: z.number().int().positive(),
        unconsciousTicks: z.number().int().positive(),
        reflectEvery: z.number().int().positive(),
        /** needs beyond energy, each with its own level per person (absent: energy is the only need) */
        more: z.array(Need).optional(),
      })
      .strict(),
    newPlaces: NewPlaces.default(NEW_PLACES_DEFAULT),
    players: Players,
  })
  .strict();
export type Rules = z.infer<typeof Rules>;

export const Item = z
  .object({
    ...Named,
    aliases: Aliases,
    price: z.number().int().positive(),
    energy: z.number().int().min(0).default(0),
    /** using one raises each need named (`rules.needs.more`) by this much */
    satisfies: z.record(Id, z.number().int().positive()).optional(),
    say: Say.optional(),
  })
  .strict();
export type Item = z.infer<typeof Item>;
export const Job = z
  .object({
    ...Named,
    employer: Id,
    place: Id,
    wage: z.number().int().positive(),
    energy: z.number().int().positive(),
    capacity: z.number().int().positive(),
    /** the declared source wages come from; without one the employer pays them (a closed economy) */
    source: Id.optional(),
    /** the shift, `from` inclusive to `to` exclusive, wrapping past midnight: work is paid only then (default: any hour) */
    hours: z
      .object({ from: z.number().int().min(0).max(23), to: z.number().int().min(0).max(23) })
      .strict()
      .refine((h) => h.from !== h.to, 'from and to must differ')
      .optional(),
    /**
     * when the wage is paid: `call` (default), for each work call; `shift`, once per shift worked: the
     * first work call of a shift is paid, later ones in it earn nothing (they are done, not refused).
     * A job without `hours` has the pack's day as its shift
     */
    pay: z.enum(['call', 'shift']).optional(),
    /**
     * the wage follows the employer's purse (a job without `source`): `share` of the money they hold,
     * rounded down, at least `min` and at most `wage`; an employer with less than `min` cannot pay
     */
    sliding: z
      .object({ share: z.number().positive().max(1), min: z.number().int().positive() })
      .strict()
      .optional(),
    /** who may be taken on: one with this role, and/or who knows this skill (a `skill:` tag or the thing in hand) */
    requires: z.object({ role: Id.optional(), skill: Id.optional() }).strict().optional(),
  })
  .strict();
export type Job = z.infer<typeof Job>;

export const ScenarioFile = z
  .object({
    $schema: z.string().optional(),
    id: Id,
    name: Text,
    description: Text,
    version: z.string(),
    defaultSeed: z.number().int().nonnegative(),
    rules: Rules,
    items: z.array(Item).default([]),
    jobs: z.array(Job).default([]),
  })
  .strict();
export type ScenarioFile = z.infer<typeof ScenarioFile>;

export const Place = z
  .object({
    ...Named,
    aliases: Aliases,
    description: Text,
    mood: z.number().int().min(-10).max(10).default(0),
    /** `modes`: the travel modes that may take the link (default: every mode), so a tram line or an EVA crawl is one mode's */
    links: z.array(z.object({ to: Id, distance: z.number().int().positive(), modes: z.array(Id).min(1).optional() }).strict()),
    /** items on sale here (food restores energy) */
    sells: z.array(Id).default([]),
    /** where the dashboard's map draws it, on a 1000 x 1000 square (default: laid out from the links) */
    position: z
      .object({ x: z.number().int().min(0).max(1000), y: z.number().int().min(0).max(1000) })
      .strict()
      .optional(),
    /** the hours `sells` are on offer, `open` inclusive to `close` exclusive, wrapping past midnight (default: always) */
    hours: z
      .object({ open: z.number().int().min(0).max(23), close: z.number().int().min(0).max(23) })
      .strict()
      .refine((h) => h.open !== h.close, 'open and close must differ')
      .optional(),
  })
  .strict();
export type Place = z.infer<typeof Place>;
/** How the map lays out the places without a `position`: in the file's order round a ring, along a line, or on a grid; without, from the links. */
export const MapLayout = z.enum(['ring', 'line', 'grid']);
export type MapLayout = z.infer<typeof MapLayout>;
export const PlacesFile = z
  .object({ $schema: z.string().optional(), layout: MapLayout.optional(), places: z.array(Place).min(1) })
  .strict();

export const Drives = z
  .object({
    ambition: Unit,
    sociability: Unit,
    creativity: Unit,
    diligence: Unit,
    thrift: Unit,
    gossip: Unit,
  })
  .strict();
export type Drives = z.infer<typeof Drives>;

export const Soul = z
  .object({
    name: Text,
    description: Text,
    personality: Text,
    speechStyle: Text,
    exampleDialogue: z.array(z.object({ user: Text, char: Text }).strict()).min(1),
    /** who they are in one line */
    concept: Text.optional(),
    traits: Traits,
  })
  .strict();
export type Soul = z.infer<typeof Soul>;

export const Body = z
  .object({
    location: Id,
    money: z.number().int().nonnegative(),
    energy: z.number().int().nonnegative(),
    inventory: z.record(Id, z.number().int().positive()).default({}),
    relations: z.record(Id, z.number().int().min(-100).max(100)).default({}),
    reputation: z.number().int().min(-100).max(100).default(0),
    tags: z.array(SafeId).default([]),
    status: Status.default('alive'),
  })
  .strict();

export const ActorDef = z
  .object({
    id: Id,
    soul: Soul,
    aliases: Aliases,
    body: Body,
    drives: Drives,
    /** ticks between two wakes when nobody addresses the actor */
    heartbeat: z.number().int().min(1).max(48),
    roles: z.array(Role).default([]),
  })
  .strict();
export type ActorDef = z.infer<typeof ActorDef>;
export const ActorsFile = z.object({ $schema: z.string().optional(), actors: z.array(ActorDef).min(1) }).strict();

/**
 * What a made thing does, composed from primitives. Lasting ones run every tick (income, tend, mood,
 * lifetime, upkeep, class); the rest are looked up when someone uses the thing (food, class, toll,
 * requires) or when it is made (rumour).
 */
export const Effect = z.discriminatedUnion('type', [
  /** each tick, a chance to earn the owner money: from a declared `source`, or paid by one person present (`from: "present"`) */
  z
    .object({
      type: z.literal('income'),
      source: Id.optional(),
      from: z.literal('present').optional(),
      chance: Unit,
      min: z.number().int().positive(),
      max: z.number().int().positive(),
      /** each other thing of the same template at the place divides the chance by `1 + crowding × others`: 1 shares a place's customers out evenly */
      crowding: z.number().positive().max(4).optional(),
    })
    .strict()
    .refine((e) => (e.source === undefined) !== (e.from === undefined), 'give exactly one of `source` or `from: "present"`'),
  /** changes how people feel about the place while the thing stands; fades after `lifetime` ticks */
  z.object({ type: z.literal('mood'), delta: z.number().int().min(-5).max(5), lifetime: z.number().int().positive() }).strict(),
  /** students pay a fee to the owner and learn `skill`; without a student for `graceTicks` the thing closes */
  z.object({ type: z.literal('class'), fee: z.number().int().positive(), graceTicks: z.number().int().positive(), skill: Id }).strict(),
  /** a piece of information that spreads by word of mouth */
  z.object({ type: z.literal('rumour'), truth: z.boolean(), content: Text }).strict(),
  /** food sold by the owner to people at the place */
  z.object({ type: z.literal('food'), price: z.number().int().positive(), energy: z.number().int().positive() }).strict(),
  /**
   * each tick, for up to `people` at the place: the tired gain `energy` (paying `price` to the owner,
   * if they can), and with `rescue` the dying and unconscious are brought back
   */
  z
    .object({
      type: z.literal('tend'),
      energy: z.number().int().min(0).default(0),
      price: z.number().int().min(0).default(0),
      rescue: z.boolean().default(false),
      people: z.number().int().positive().max(50).default(3),
    })
    .strict(),
  /** the thing is gone `ticks` after it was made */
  z.object({ type: z.literal('lifetime'), ticks: z.number().int().positive() }).strict(),
  /** every `every` ticks the owner pays `amount` into a declared sink; one who cannot pay loses the thing */
  z.object({ type: z.literal('upkeep'), amount: z.number().int().positive(), every: z.number().int().positive(), sink: Id }).strict(),
  /** whoever travels the link between the thing's place and `to` pays the owner `amount`; with `modes`, only those travelling so */
  z.object({ type: z.literal('toll'), to: Id, amount: z.number().int().positive(), modes: z.array(Id).min(1).optional() }).strict(),
  /** making the thing needs a tag (a skill: `skill:<id>`), an item carried, or a role */
  z
    .object({ type: z.literal('requires'), tag: SafeId.optional(), item: Id.optional(), role: Id.optional() })
    .strict()
    .refine((e) => e.tag !== undefined || e.item !== undefined || e.role !== undefined, 'give a `tag`, an `item` or a `role`'),
]);
export type Effect = z.infer<typeof Effect>;

export const Template = z
  .object({
    ...Named,
    aliases: Aliases,
    /** a kind the vocabulary declares */
    kind: Id,
    cost: z.object({ money: z.number().int().min(0), energy: z.number().int().min(0) }).strict(),
    strategy: z.enum(['trade', 'art', 'teach', 'gossip', 'work']),
    effects: z.array(Effect).default([]),
  })
  .strict();
export type Template = z.infer<typeof Template>;
export const TemplatesFile = z.object({ $schema: z.string().optional(), templates: z.array(Template).min(1) }).strict();

export const InitialEntity = z
  .object({
    id: Id,
    template: Id,
    location: Id,
    owner: Id.nullable(),
    name: Text.optional(),
    properties: z.record(Id, z.union([z.string(), z.number(), z.boolean()])).default({}),
  })
  .strict();
export const EntitiesFile = z.object({ $schema: z.string().optional(), entities: z.array(InitialEntity) }).strict();

/** The lorebook's world-package format (SillyTavern World Info, with cn/en content). */
export const LoreEntry = z
  .object({
    uid: z.number().int(),
    key: z.array(z.string()).min(1),
    secondary_keys: z.array(z.string()).default([]),
    comment: z.union([Text, z.string()]).optional(),
    content: Text,
    constant: z.boolean().default(false),
    selective: z.boolean().default(true),
    order: z.number().int().default(100),
  })
  .strict();
export type LoreEntry = z.infer<typeof LoreEntry>;
export const LoreFile = z
  .object({
    $schema: z.string().optional(),
    info: z.object({ name: Text, description: Text, version: z.string(), author: z.string() }).strict(),
    entries: z.record(Id, LoreEntry),
  })
  .strict();

/** Every file of a pack, with the schema that checks it. */
export const PACK_FILES = {
  'scenario.json': ScenarioFile,
  'vocabulary.json': VocabularyFile,
  'places.json': PlacesFile,
  'actors.json': ActorsFile,
  'templates.json': TemplatesFile,
  'entities.json': EntitiesFile,
  'lore.json': LoreFile,
  'quests.json': QuestsFile,
  'director.json': DirectorFile,
  'story.json': StoryFile,
} as const;
export type PackFileName = keyof typeof PACK_FILES;
export const OPTIONAL_FILES: PackFileName[] = ['entities.json', 'lore.json', 'quests.json', 'director.json', 'story.json'];

export interface Scenario {
  dir: string;
  meta: ScenarioFile;
  vocabulary: z.infer<typeof VocabularyFile>;
  places: Place[];
  /** places.json's `layout`, a hint for the map */
  layout?: MapLayout;
  actors: ActorDef[];
  templates: Template[];
  entities: z.infer<typeof InitialEntity>[];
  lore: z.infer<typeof LoreFile> | null;
  /** the story layer, each optional: quests its people give, the director's measures and events, an ink story */
  quests: QuestsFile | null;
  director: DirectorFile | null;
  story: LoadedStory | null;
  /** content hash of the pack, so a data dir is never continued with a different scenario */
  hash: string;
}
