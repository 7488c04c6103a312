import type { JoinRequest } from '../judge/judge.ts';
import type { Argument } from '../judge/argue.ts';
import type { Declaration } from '../judge/declare.ts';
import type { Reason } from '../model/events.ts';
import type { Intervention } from '../model/interventions.ts';
import type { QuestTake } from '../model/quests.ts';
import type { SeatRequest } from '../judge/seats.ts';
import type { ArgueJudge } from '../../world-engine/argue/types.ts';
import type { StoryChoice, StoryRefusal } from './story.ts';
import type { ProgressJudge } from '../../world-engine/story/progress/types.ts';
import type { Director } from '../../world-engine/director/types.ts';
import type { DirectorWindow } from '../../world-engine/director/window.ts';

/** What arrives from outside the world for one tick (only the server has any). */
export interface TickInput {
  joins?: JoinRequest[];
  /** the admin closed joining: the Judge refuses the joins still queued */
  joinsClosed?: boolean;
  /** told which joins the Judge refused, and why (null: joined) */
  onJoins?: (results: { request: JoinRequest; reason: Reason | null }[]) => void;
  /** seats the admin asked to free (sim/judge/seats.ts), judged before joins */
  frees?: SeatRequest[];
  onFrees?: (results: { request: SeatRequest; reason: Reason | null }[]) => void;
  /** players' arguments for their traits (sim/judge/argue.ts), judged before anyone acts */
  argues?: Argument[];
  onArgues?: (results: { request: Argument; reason: Reason | null }[]) => void;
  /** who weighs arguments, players' before the tick and bots' within it: the rules unless the server has a model (world-engine/argue) */
  argueJudge?: ArgueJudge;
  /** players' new traits declared in play (sim/judge/declare.ts), judged before anyone acts */
  declares?: Declaration[];
  onDeclares?: (results: { request: Declaration; reason: Reason | null }[]) => void;
  /** researchers' interventions for this tick (sim/judge/interventions.ts), committed first, in the order given */
  interventions?: Intervention[];
  onInterventions?: (results: { request: Intervention; reason: Reason | null }[]) => void;
  /** players' story choices sent with their calls, who judges each story turn (rules unless a model is configured), and what the Judge refused of its changes (sim/tick/story.ts) */
  choices?: StoryChoice[];
  progressJudge?: ProgressJudge;
  onStory?: (refused: StoryRefusal[]) => void;
  /** players' quests taken through the API (sim/judge/quests.ts), judged before anyone acts */
  takes?: QuestTake[];
  onTakes?: (results: { request: QuestTake; reason: Reason | null }[]) => void;
  /** the director of a pack with director.json (the rules unless a model is configured), and the recent ticks it measures (the World keeps them) */
  director?: Director;
  directorWindow?: DirectorWindow;
  /** the model's tokens spent on a tick so far (the run's ledger), booked on its summary */
  tokens?: (tick: number) => number;
}
