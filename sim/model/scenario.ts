import { z } from 'zod';
import { Text } from './text.ts';
import { Status } from './status.ts';
import { TRAVEL_MODES } from './tools.ts';
import { PackId, SafeId } from './ids.ts';

/** Scenario pack files. Each schema is published as JSON Schema (`npm run schema`) for editors. */
const Id = PackId;
const Unit = z.number().min(0).max(1);
const Named = { id: Id, name: Text };
/** Other words a player may use for it, in either language (its name always counts): what the intent parser knows. */
const Aliases = z.object({ cn: z.array(z.string().min(1).max(60)).max(20).default([]), en: z.array(z.string().min(1).max(60)).max(20).default([]) })
  .strict().default({ cn: [], en: [] });
export type Aliases = z.infer<typeof Aliases>;

const TravelMode = z.object({
  ticksPerUnit: z.number().min(0),
  moneyBase: z.number().int().min(0),
  moneyPerUnit: z.number().int().min(0),
  energyPerUnit: z.number().int().min(0),
}).strict();

/**
 * Who may join a served world and what they bring. A purse is money entering the world, so it needs
 * a declared source to be booked under; the cap bounds how much joins can ever create (cap x money).
 * Without the block a pack takes no players' money at all: nobody arrives with a purse by default.
 */
export const Players = z.object({
  /** players who may ever join this world (those who died still count: their purse was created) */
  cap: z.number().int().min(0).max(10_000).default(8),
  /** the purse a newcomer brings; 0 creates nothing */
  money: z.number().int().min(0).default(0),
  /** a newcomer's energy (default: the needs' energyMax) */
  energy: z.number().int().min(0).optional(),
  /** the money source a purse is booked under (required when money > 0) */
  source: Id.optional(),
}).strict().default({ cap: 8, money: 0 });
export type Players = z.infer<typeof Players>;

/** what an actor's role allows beyond what anyone may do (e.g. employer) */
export const Role = z.enum(['employer', 'vendor', 'teacher', 'artist']);

/**
 * Making a new place (a generated sub-area): what it costs the maker, how many a tick and a world may
 * gain, and whose role allows it (null: anyone). Defaults keep packs written before this loading.
 */
export const NewPlaces = z.object({
  money: z.number().int().min(0),
  energy: z.number().int().min(0),
  perTick: z.number().int().min(0),
  perWorld: z.number().int().min(0),
  roles: z.array(Role).nullable(),
}).strict();
export const NEW_PLACES_DEFAULT = { money: 500, energy: 20, perTick: 1, perWorld: 12, roles: null };

export const Rules = z.object({
  caps: z.object({
    reputationDelta: z.number().int().positive(),
    relationshipDelta: z.number().int().positive(),
    moneyPerAction: z.number().int().positive(),
    energyPerAction: z.number().int().positive(),
  }).strict(),
  money: z.object({
    sources: z.array(z.object(Named).strict()).min(1),
    sinks: z.array(z.object(Named).strict()).min(1),
  }).strict(),
  needs: z.object({
    energyMax: z.number().int().positive(),
    energyDecayPerTick: z.number().int().min(0),
    lonelyAfterTicks: z.number().int().positive(),
    dyingWindowTicks: z.number().int().positive(),
    unconsciousTicks: z.number().int().positive(),
    reflectEvery: z.number().int().positive(),
  }).strict(),
  newPlaces: NewPlaces.default(NEW_PLACES_DEFAULT),
  travel: z.object(Object.fromEntries(TRAVEL_MODES.map((m) => [m, TravelMode])) as Record<(typeof TRAVEL_MODES)[number], typeof TravelMode>).strict(),
  players: Players,
}).strict();
export type Rules = z.infer<typeof Rules>;

export const Item = z.object({ ...Named, aliases: Aliases, price: z.number().int().positive(), energy: z.number().int().min(0).default(0) }).strict();
export const Job = z.object({
  ...Named,
  employer: Id,
  place: Id,
  wage: z.number().int().positive(),
  energy: z.number().int().positive(),
  capacity: z.number().int().positive(),
  source: Id,
}).strict();

export const ScenarioFile = z.object({
  $schema: z.string().optional(),
  id: Id,
  name: Text,
  description: Text,
  version: z.string(),
  defaultSeed: z.number().int().nonnegative(),
  rules: Rules,
  items: z.array(Item).default([]),
  jobs: z.array(Job).default([]),
}).strict();
export type ScenarioFile = z.infer<typeof ScenarioFile>;

export const Place = z.object({
  ...Named,
  aliases: Aliases,
  description: Text,
  mood: z.number().int().min(-10).max(10).default(0),
  links: z.array(z.object({ to: Id, distance: z.number().int().positive() }).strict()),
  /** items on sale here (food restores energy) */
  sells: z.array(Id).default([]),
}).strict();
export type Place = z.infer<typeof Place>;
export const PlacesFile = z.object({ $schema: z.string().optional(), places: z.array(Place).min(1) }).strict();

export const Drives = z.object({
  ambition: Unit, sociability: Unit, creativity: Unit, diligence: Unit, thrift: Unit, gossip: Unit,
}).strict();
export type Drives = z.infer<typeof Drives>;

export const Soul = z.object({
  name: Text,
  description: Text,
  personality: Text,
  speechStyle: Text,
  exampleDialogue: z.array(z.object({ user: Text, char: Text }).strict()).min(1),
}).strict();
export type Soul = z.infer<typeof Soul>;

export const Body = z.object({
  location: Id,
  money: z.number().int().nonnegative(),
  energy: z.number().int().nonnegative(),
  inventory: z.record(Id, z.number().int().positive()).default({}),
  relations: z.record(Id, z.number().int().min(-100).max(100)).default({}),
  reputation: z.number().int().min(-100).max(100).default(0),
  tags: z.array(SafeId).default([]),
  status: Status.default('alive'),
}).strict();

export const ActorDef = z.object({
  id: Id,
  soul: Soul,
  aliases: Aliases,
  body: Body,
  drives: Drives,
  /** ticks between two wakes when nobody addresses the actor */
  heartbeat: z.number().int().min(1).max(48),
  roles: z.array(Role).default([]),
}).strict();
export type ActorDef = z.infer<typeof ActorDef>;
export const ActorsFile = z.object({ $schema: z.string().optional(), actors: z.array(ActorDef).min(1) }).strict();

export const Effect = z.discriminatedUnion('type', [
  /** each tick, a chance to earn the owner money from a declared source */
  z.object({ type: z.literal('income'), source: Id, chance: Unit, min: z.number().int().positive(),
    max: z.number().int().positive() }).strict(),
  /** changes how people feel about the place while the thing stands; fades after `lifetime` ticks */
  z.object({ type: z.literal('mood'), delta: z.number().int().min(-5).max(5), lifetime: z.number().int().positive() }).strict(),
  /** students pay a fee to the owner; without a student for `graceTicks` the thing closes */
  z.object({ type: z.literal('class'), fee: z.number().int().positive(), graceTicks: z.number().int().positive(),
    skill: Id }).strict(),
  /** a piece of information that spreads by word of mouth */
  z.object({ type: z.literal('rumour'), truth: z.boolean(), content: Text }).strict(),
  /** food sold by the owner to people at the place */
  z.object({ type: z.literal('food'), price: z.number().int().positive(), energy: z.number().int().positive() }).strict(),
]);
export type Effect = z.infer<typeof Effect>;

export const Template = z.object({
  ...Named,
  aliases: Aliases,
  kind: z.enum(['stall', 'mural', 'class', 'rumour', 'facility']),
  cost: z.object({ money: z.number().int().min(0), energy: z.number().int().min(0) }).strict(),
  strategy: z.enum(['trade', 'art', 'teach', 'gossip', 'work']),
  effects: z.array(Effect).default([]),
}).strict();
export type Template = z.infer<typeof Template>;
export const TemplatesFile = z.object({ $schema: z.string().optional(), templates: z.array(Template).min(1) }).strict();

export const InitialEntity = z.object({
  id: Id, template: Id, location: Id, owner: Id.nullable(), name: Text.optional(),
  properties: z.record(Id, z.union([z.string(), z.number(), z.boolean()])).default({}),
}).strict();
export const EntitiesFile = z.object({ $schema: z.string().optional(), entities: z.array(InitialEntity) }).strict();

/** The world-package format of seed 003 (SillyTavern World Info, with cn/en content). */
export const LoreEntry = z.object({
  uid: z.number().int(),
  key: z.array(z.string()).min(1),
  secondary_keys: z.array(z.string()).default([]),
  comment: z.union([Text, z.string()]).optional(),
  content: Text,
  constant: z.boolean().default(false),
  selective: z.boolean().default(true),
  order: z.number().int().default(100),
}).strict();
export type LoreEntry = z.infer<typeof LoreEntry>;
export const LoreFile = z.object({
  $schema: z.string().optional(),
  info: z.object({ name: Text, description: Text, version: z.string(), author: z.string() }).strict(),
  entries: z.record(Id, LoreEntry),
}).strict();

/** Every file of a pack, with the schema that checks it. */
export const PACK_FILES = {
  'scenario.json': ScenarioFile,
  'places.json': PlacesFile,
  'actors.json': ActorsFile,
  'templates.json': TemplatesFile,
  'entities.json': EntitiesFile,
  'lore.json': LoreFile,
} as const;
export type PackFileName = keyof typeof PACK_FILES;
export const OPTIONAL_FILES: PackFileName[] = ['entities.json', 'lore.json'];

export interface Scenario {
  dir: string;
  meta: ScenarioFile;
  places: Place[];
  actors: ActorDef[];
  templates: Template[];
  entities: z.infer<typeof InitialEntity>[];
  lore: z.infer<typeof LoreFile> | null;
  /** content hash of the pack, so a data dir is never continued with a different scenario */
  hash: string;
}
