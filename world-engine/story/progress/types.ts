import type { InkValue, LoadedStory, StorySession } from '../../../sim/model/session.ts';
import type { Message, Text } from '../../../sim/model/text.ts';
import type { Catalog } from '../../../sim/scenario/catalog.ts';
import type { WorldState } from '../../../sim/state/types.ts';
import type { Evaluation } from '../ink.ts';

/** A turn of a player's story as the progress judge sees it: where it stood, the choice taken, what the ink reached. */
export interface ProgressCase {
  actor: string;
  tick: number;
  story: LoadedStory;
  session: StorySession;
  /** the choice id taken (null: the world moved the story) */
  choice: string | null;
  /** the ink after the turn, with the world bound in */
  reached: Evaluation;
}

/** A change the judge wants to a story variable: a bound one is a proposal for the Judge, an unbound one the story's own. */
export interface StateChange {
  variable: string;
  delta: number;
}

/** The progress judge's judgment of a turn (docs/design.md, The story). `ending`: which ending, when the story ends. */
export interface Judgment {
  situationScore: number;
  shouldAdvanceChapter: boolean;
  shouldEndStory: boolean;
  ending: string | null;
  rationale: Message;
  /** the rationale in both languages (a model's own words, or the rules' sentence with the pack's names) */
  text: Text;
  stateChanges: StateChange[];
  by: 'rules' | 'model';
}

export interface ProgressJudge {
  readonly name: string;
  judge(cat: Catalog, state: WorldState, c: ProgressCase): Judgment | Promise<Judgment>;
}

export type { InkValue };
