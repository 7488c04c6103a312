import type { EntityState, FactState } from '../model/events.ts';
import type { Message, Text } from '../model/text.ts';
import type { NeedWarnLevel, WarnLevel } from '../model/needs.ts';
import type { Status } from '../model/status.ts';
import type { Strategy } from '../model/strategy.ts';
import type { Drives } from '../model/scenario.ts';
import type { Trait } from '../model/traits.ts';
import type { QuestState } from '../model/quests.ts';
import type { DirectorState } from '../model/director.ts';
import type { StorySession } from '../model/session.ts';
import type { FundState } from '../model/funds.ts';

/**
 * The world state: everything that changes, as plain JSON so a snapshot is just its serialization.
 * What never changes (souls, the place graph, templates, rules) stays in the Scenario.
 */
export interface MemoryItem {
  tick: number;
  kind: 'did' | 'failed' | 'told' | 'learned' | 'gained' | 'lost';
  msg: Message;
  /** 1..10 */
  importance: number;
  /** ids this memory is about, for retrieval */
  about: string[];
}

/** What an actor tried since its last reflection, per strategy, and what came of it. */
export interface LedgerLine {
  tries: number;
  responses: number;
  spent: number;
  earned: number;
}

export interface ActorState {
  id: string;
  /** the scenario actor whose soul this one has (itself, or the original of a population clone) */
  soul: string;
  /** 0 for a scenario actor, n for the n-th clone of a soul */
  clone: number;
  location: string;
  arrivedAt: number;
  money: number;
  energy: number;
  inventory: Record<string, number>;
  relations: Record<string, number>;
  reputation: number;
  tags: string[];
  /** the tick each tag was added (harm heals with time from it, and a fresh blow is told from an old one); absent in states saved before */
  tagsAt?: Record<string, number>;
  /** failed checks by the manner or purpose tried (a thief caught): what the watch counts; absent: none */
  failed?: Record<string, number>;
  /** the things of one's own that closed for want of takers, by template: the tick the last one closed */
  closed?: Record<string, number>;
  /** employers who could not pay one for work (an `unpaid` event), by id: the tick they last could not */
  unpaid?: Record<string, number>;
  /** for each job paid by the shift, the first tick of the last shift it paid one for; absent: none */
  shifts?: Record<string, number>;
  /** the tick one last paid into each fund one belongs to (sim/model/funds.ts); absent: never */
  paidIn?: Record<string, number>;
  /** hit points lost, in a pack with hit points (absent: none), and the tick the last were lost */
  hpLost?: number;
  hurtAt?: number;
  status: Status;
  statusSince: number;
  heartbeat: number;
  nextWake: number;
  drives: Drives;
  roles: string[];
  strategy: Record<Strategy, number>;
  ledger: Partial<Record<Strategy, LedgerLine>>;
  wakes: number;
  /** tick up to which needs (hunger, fatigue) have been charged */
  needsAt: number;
  /** the body's warnings that stand (given, and not yet lifted by eating well back above their line); `need` for a declared need's, absent for energy's */
  warned?: { level: WarnLevel | NeedWarnLevel; below: number; need?: string; max?: number }[];
  /** what the body has lost of each need the pack declares beyond energy, by need (absent: none lost, so it starts full) */
  needsLost?: Record<string, number>;
  lastSocial: number;
  /** last tick the actor worked or made something: the need for purpose grows from it */
  lastPurpose: number;
  memory: MemoryItem[];
  /** ids of facts this actor has learned */
  knows: string[];
  /** signature of the last rejected call and its reason, shown at the next heartbeat */
  lastFailure: { sig: string; tick: number; reason: Message } | null;
  /**
   * traits argued for a risky word and accepted (a player's, or a bot's whose brain argued), not yet
   * spent: each is one advantage at the next check of that word; absent: none
   */
  argued?: { trait: string; word: string }[];
  /** a newcomer's own name (the pack's), and the tick from which they leave if they hold no job and cannot pay for a meal */
  name?: Text;
  leaveAt?: number;
  /** the tick one brought in by an arrival (a researcher's or the director's) came; absent for the world's first people */
  came?: number;
  /**
   * only for a player's actor: who they said they are (they have no soul in the scenario), the last
   * tick they acted (absent: not since they joined) and, once their seat is freed, when and what the
   * character does since
   */
  player?: {
    name: Text;
    concept: string;
    traits?: Trait[];
    acted?: number;
    freed?: { tick: number; then: 'bot' | 'leaves' };
    /** since when the player is away (sim/judge/presence.ts) */
    away?: number;
  };
}

export interface Observation {
  tick: number;
  actor: string | null;
  msg: Message;
}

export interface PlaceState {
  id: string;
  mood: number;
  /** recent things that happened here, newest last, for the perception of those present */
  recent: Observation[];
}

export interface GeneratedPlace {
  id: string;
  name: Text;
  parent: string;
  distance: number;
  /** the tick it was made (absent in states saved before it was recorded), for the per-tick cap */
  createdAt?: number;
}

export interface WorldState {
  version: 1;
  scenario: string;
  seed: number;
  /** last committed tick; -1 before the first */
  tick: number;
  actors: Record<string, ActorState>;
  places: Record<string, PlaceState>;
  generatedPlaces: GeneratedPlace[];
  entities: Record<string, EntityState>;
  facts: Record<string, FactState>;
  counters: { entity: number; fact: number; place: number };
  /** how many hold each `job:<job>:<employer>` tag, so a crew's size is known without a scan */
  jobHolders: Record<string, number>;
  moneyTotal: number;
  /**
   * what researchers' interventions changed (sim/judge/interventions.ts), absent until the first:
   * labels committed (label -> tick), places closed (place -> tick), prices of items and wages of
   * jobs that differ from the pack's
   */
  interventions?: Interventions;
  /** quests by id (sim/model/quests.ts), absent until the first is offered */
  quests?: Record<string, QuestState>;
  /** the director's phase and last measures (sim/model/director.ts), absent until it first acts */
  director?: DirectorState;
  /** what each money source with a daily budget created on the day it last created anything, absent until the first */
  minted?: Record<string, { day: number; amount: number }>;
  /** each of the pack's funds by id (sim/model/funds.ts): absent in a pack without funds; its money counts in `moneyTotal` */
  funds?: Record<string, FundState>;
  /** each player's story session by actor id (sim/model/session.ts), absent until the first starts */
  stories?: Record<string, StorySession>;
}

export interface Interventions {
  labels: Record<string, number>;
  closed: Record<string, number>;
  prices: Record<string, number>;
  wages: Record<string, number>;
}
