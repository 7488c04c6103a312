import type { ClaimKind } from './claims.ts';
import type { Message, Text } from './text.ts';
import type { Status } from './status.ts';
import type { NeedWarnLevel, WarnLevel } from './needs.ts';
import type { Strategy } from './strategy.ts';
import type { ToolCall, ToolName } from './tools.ts';
import type { Band, Factor } from './dice.ts';
import type { Trait } from './traits.ts';
import type { InterventionKind } from './interventions.ts';
import type { QuestState } from './quests.ts';
import type { Aim, Phase } from './director.ts';
import type { InkValue } from './session.ts';

/** Why the Judge refused something: a stable code for counting and an in-world message for the proposer. */
export interface Reason {
  code: string;
  message: Message;
}

/** A refused or failed call, as its proposer hears of it (docs/design.md, The Judge). */
export interface FailedCall {
  id: string;
  tool: ToolName | string;
  status: 'rejected' | 'error';
  reason: Reason;
}

export interface EntityState {
  id: string;
  template: string;
  owner: string | null;
  location: string;
  name: Text | null;
  properties: Record<string, string | number | boolean>;
  createdAt: number;
}

export interface FactState {
  id: string;
  content: Message;
  about: string | null;
  /** known only to the Judge; never part of a perception */
  truth: boolean;
  origin: { actor: string; tick: number; place: string };
}

/**
 * Committed events. The world state is a fold of these (sim/state/apply.ts); nothing else changes it.
 * `tick` and `seq` are set when the Judge accepts them.
 */
export type EventBody =
  | {
      type: 'action';
      actor: string;
      strategy: Strategy;
      call: ToolCall;
      place: string;
      narrative: Message;
      side_effects: Message[];
      /** how many of the proposed texts claimed what the changes do not carry and were held back (absent: none) */
      held?: number;
    }
  /** a speaker's claim about the world: hearsay, recorded with whether the committed state contradicts it */
  /**
   * the Judge rolled a check for a risky call (docs/design.md, Dice): what was tried, what moved
   * the dice, the formula, every die, the two kept, the total and the band; the action follows it, or
   * the refusal of what the engine proposed for that band (thrown dice stand either way)
   */
  | {
      type: 'check_rolled';
      actor: string;
      place: string;
      call: string;
      tool: ToolName;
      word: string;
      target: string | null;
      factors: Factor[];
      formula: string;
      dice: number[];
      kept: number[];
      total: number;
      band: Band;
    }
  | {
      type: 'claimed';
      actor: string;
      place: string;
      kind: ClaimKind;
      about: string[];
      contradicts: boolean;
      /** whom it was said to (an interact's target), who remembers it as the speaker's claim */ to: string | null;
      /** said to `to` alone (a channel that reaches one listener): the place does not hear it (absent: it does) */
      aside?: true;
    }
  | { type: 'call_failed'; actor: string; strategy: Strategy | null; place: string; failed: FailedCall; sig: string; repeated: boolean }
  | {
      type: 'money_created';
      to: string;
      amount: number;
      source: string;
      credit: Strategy | null;
      /** the thing whose income it is */ entity: string | null;
      /** the pack's day it counts against, for a source with a daily budget (absent: unbounded) */
      day?: number;
      /** a wage of a job paid by the shift: the job and the first tick of the shift it pays for */
      shift?: PaidShift;
    }
  | { type: 'money_destroyed'; from: string; amount: number; sink: string; debit: Strategy | null }
  | {
      type: 'transfer';
      from: string;
      to: string;
      resource: string;
      amount: number;
      reason: string;
      credit: Strategy | null;
      /** a wage of a job paid by the shift: the job and the first tick of the shift it pays for */
      shift?: PaidShift;
    }
  /** a member paid into a fund (sim/model/funds.ts): the money leaves their purse for the fund's, and stays in the world */
  | { type: 'fund_paid_in'; fund: string; from: string; amount: number; debit: Strategy | null }
  /** the Judge paid a member out of a fund by its rule (`member_broke`: their money had fallen below the rule's line) */
  | { type: 'fund_paid_out'; fund: string; to: string; amount: number; rule: 'member_broke' }
  | { type: 'resource_changed'; actor: string; resource: string; delta: number; reason: string }
  | { type: 'needs'; actor: string; energy: number; more?: Record<string, number> }
  /**
   * the Judge's clock tells a body's owner a need fell below a warning line, `below` (sim/model/needs.ts):
   * `energy` with hunger's levels, or a need the pack declares, by its id, with the `need` words of WARNINGS and
   * its `max` (so the fold can tell when a raise lifts the warning)
   */
  | { type: 'warned'; actor: string; need: string; level: WarnLevel | NeedWarnLevel; below: number; max?: number }
  /** the Judge's record that a worker's employer, who pays the job out of their own money, could not pay for the work now */
  | { type: 'unpaid'; actor: string; employer: string; job: string }
  | { type: 'moved'; actor: string; from: string; to: string; mode: string; busyTicks: number }
  | { type: 'entity_created'; entity: EntityState; by: string | null }
  | { type: 'entity_updated'; entity: string; properties: Record<string, string | number | boolean> }
  | { type: 'entity_removed'; entity: string; template: string; owner: string | null; reason: string }
  | { type: 'reputation_changed'; actor: string; delta: number; reason: string }
  | { type: 'relationship_changed'; from: string; to: string; delta: number }
  | { type: 'tag_added'; actor: string; tag: string }
  | { type: 'tag_removed'; actor: string; tag: string }
  | { type: 'status_changed'; actor: string; from: Status; to: Status; reason: string }
  | { type: 'location_created'; id: string; name: Text; parent: string; distance: number; by: string }
  | { type: 'fact_created'; fact: FactState }
  | { type: 'fact_learned'; actor: string; fact: string; from: string; channel: string }
  | { type: 'place_mood'; place: string; delta: number; by: string | null }
  /** words on a channel that reaches one listener (`actor`), from `by`: only the two of them (and the admin) see them */
  | { type: 'whispered'; actor: string; by: string; channel: string; msg: Message }
  /** hostile: whether the manner's mechanism quarrels or steals, so that it is remembered more */
  | { type: 'addressed'; actor: string; by: string; manner: string; msg: Message; hostile: boolean }
  | { type: 'reflected'; actor: string; deltas: Partial<Record<Strategy, number>>; reasons: Message[] }
  /**
   * `tokens`: what the language model spent deciding and resolving this tick in this process (the
   * run's ledger, adapters/llm/usage.ts); absent when none, so an offline log is what it always was
   */
  | { type: 'tick_summary'; actions: number; rejections: number; money: MoneySummary; tokens?: number }
  /**
   * a player enters the world as a new actor, with the newcomer's purse and energy the Judge set;
   * `source` is the declared money source the purse is booked under (absent when the purse is 0,
   * and in logs written before a newcomer's money had one, where the books name it `joined`)
   */
  | {
      type: 'joined';
      actor: string;
      name: Text;
      concept: string;
      place: string;
      money: number;
      energy: number;
      source?: string;
      /** the traits the player picked or wrote (absent: none, and in logs written before players had traits) */
      traits?: Trait[];
    }
  /**
   * a player's seat was freed (sim/judge/seats.ts): they had not acted for the pack's `idleTicks`, or
   * the admin freed it. The seat counts free for the next join; the character goes on by itself as a
   * bot, or leaves the world, as the pack's `whenFreed` says
   */
  | { type: 'seat_freed'; actor: string; by: 'idle' | 'admin'; then: 'bot' | 'leaves' }
  /**
   * a seated player went away (sim/judge/presence.ts): they let a turn pass unanswered while the world
   * waited for them (`quiet`), or closed their last connection (`left`). Away, the world does not wait
   * for them, and their body sleeps (time stands still for it) or is played by the bots' brain, as the
   * pack's `players.away` says
   */
  | { type: 'player_away'; actor: string; why: 'quiet' | 'left' }
  /** an away player came back (they acted or connected again): the world waits for them again */
  | { type: 'player_back'; actor: string }
  /**
   * a player, or a bot's brain, argued that one of their traits fits a risky word, and the Judge accepted it (sim/judge/argue.ts):
   * it counts as one advantage at their next check of that word, then it is spent
   */
  | { type: 'trait_argued'; actor: string; trait: string; word: string }
  /**
   * a player declared a new trait in play, where the pack allows it (`checks.traitsInPlay`), and the
   * Judge accepted it (sim/judge/declare.ts): from now on it counts like the traits they joined with
   */
  | { type: 'trait_declared'; actor: string; trait: Trait }
  /**
   * a researcher's labelled intervention (sim/judge/interventions.ts), committed before the events
   * that carry out its effect in the same tick. What the kind changes that no other event carries is
   * folded from this event: a price or wage (`item`/`job`, `value`), a strategy weight (`strategy`,
   * `value`), a place closed or opened (`place`), a newcomer (`person`). A learned fact is carried
   * by fact_created/fact_learned; `fact` names it, so its diffusion is attributable to the label.
   */
  | {
      type: 'intervened';
      label: string;
      kind: InterventionKind;
      actor: string | null;
      fact?: string;
      place?: string;
      item?: string;
      job?: string;
      strategy?: Strategy;
      value?: number;
      person?: Newcomer;
    }
  /**
   * a researcher's intervention the Judge refused at its tick (the person gone, the place closed, a no-op
   * such as opening an open place): nothing of it happened, and its label stays free
   */
  | { type: 'intervention_refused'; label: string; kind: InterventionKind; reason: Reason }
  /** a quest giver offered a quest (sim/judge/quests.ts): its goal was literally true and every source knew its fact */
  | { type: 'quest_offered'; quest: QuestState }
  | { type: 'quest_taken'; quest: string; actor: string }
  | { type: 'quest_progressed'; quest: string; actor: string; progress: number }
  /** the goal was reached; the reward follows as a transfer or a money_created */
  | { type: 'quest_completed'; quest: string; actor: string }
  | { type: 'quest_failed'; quest: string; actor: string | null; reason: string }
  /**
   * the director proposed an event from a pack template to raise or ease the tension (sim/judge/director.ts);
   * `refused` is the Judge's reason when it was refused (the proposal is recorded either way, so the admin sees why)
   */
  | {
      type: 'director_proposed';
      template: string;
      aim: Aim;
      place: string | null;
      tension: number;
      measures: Record<string, number>;
      why: Message;
      refused: Reason | null;
    }
  | { type: 'phase_changed'; from: Phase; to: Phase; tension: number; why: Message }
  /** a player's story began (sim/model/session.ts): the ink runtime's state after its opening */
  | {
      type: 'story_started';
      actor: string;
      story: string;
      chapter: string;
      situation: string;
      variables: Record<string, InkValue>;
      ink: string;
    }
  /** the story moved on after the player's turn: the choice taken (null: the world moved it), where it stands, the ink state */
  | {
      type: 'story_turned';
      actor: string;
      choice: number | null;
      chapter: string;
      situation: string;
      variables: Record<string, InkValue>;
      ink: string;
    }
  /** the progress judge's judgment of the turn (docs/design.md, The story): score 0..100, whether the chapter advances or the story ends, why */
  | {
      type: 'situation_scored';
      actor: string;
      chapter: string;
      situation: string;
      score: number;
      advance: boolean;
      end: boolean;
      rationale: Message;
      by: 'rules' | 'model';
      text?: Text;
    }
  /** `name`: the chapter's words as the world backed them when it began (story.json variants) */
  | { type: 'chapter_advanced'; actor: string; from: string; to: string; name?: Text }
  /** `name`, `text`: the ending's name and summary as the world backed them when it ended (story.json variants) */
  | { type: 'story_ended'; actor: string; ending: string; summary: Message; text?: Text; name?: Text };

/** The shift a wage paid by the shift is for (sim/model/jobs.ts): the worker is not paid for it again. */
export interface PaidShift {
  job: string;
  start: number;
}

/** What a newcomer of an `arrive` intervention is made of: a copy of a pack person's soul and habits. */
export interface Newcomer {
  soul: string;
  place: string;
  energy: number;
  heartbeat: number;
  drives: { ambition: number; sociability: number; creativity: number; diligence: number; thrift: number; gossip: number };
  roles: string[];
  tags: string[];
  /** the name the director's pack gave them (absent: a numbered copy of their soul's name) */
  name?: Text;
  /** what brings them, in the feed */
  why?: Text;
  /** the tick from which they leave again if they hold no job and cannot pay for a meal */
  leaveAt?: number;
}

/** A tick's books: opening and closing money, and what each declared source created and each sink destroyed. */
export interface MoneySummary {
  before: number;
  created: number;
  destroyed: number;
  after: number;
  sources: Record<string, number>;
  sinks: Record<string, number>;
}

export type EventType = EventBody['type'];
export type Event = { tick: number; seq: number } & EventBody;
export type EventOf<T extends EventType> = Extract<Event, { type: T }>;
