import { dueForReflection, reflect } from '../../bots/reflection.ts';
import { perceive } from '../../bots/perception.ts';
import { lastingEffects } from '../../world-engine/effects/index.ts';
import { sliceFor } from '../../world-engine/slice.ts';
import type { Slice } from '../../world-engine/types.ts';
import { runClock } from '../judge/clock.ts';
import { type JoinRequest, TickJudge } from '../judge/judge.ts';
import type { Argument } from '../judge/argue.ts';
import type { Declaration } from '../judge/declare.ts';
import { proposers } from '../judge/changes.ts';
import type { Event, Reason } from '../model/events.ts';
import type { ToolCall } from '../model/tools.ts';
import type { Intervention } from '../model/interventions.ts';
import { rngFor } from '../rng.ts';
import { asleep } from '../model/clock.ts';
import type { Catalog } from '../scenario/catalog.ts';
import { membersOf } from '../state/members.ts';
import type { WorldState } from '../state/types.ts';
import { gone, seated } from '../state/seats.ts';
import type { SeatRequest } from '../judge/seats.ts';
import type { Deliberation } from './deliberation.ts';
import { indexPlaces } from '../state/place-index.ts';
import { answerPlayers } from './answers.ts';
import { judgeBotArguments } from './argues.ts';
import type { ArgueJudge } from '../../world-engine/argue/types.ts';
import { runStories, type StoryChoice, type StoryRefusal } from './story.ts';
import { bindingsBefore } from '../../world-engine/story/bind.ts';
import type { ProgressJudge } from '../../world-engine/story/progress/types.ts';
import type { QuestTake } from '../model/quests.ts';
import { questsFirst, questsLast } from './quests.ts';
import type { Director } from '../../world-engine/director/types.ts';
import type { DirectorWindow } from '../../world-engine/director/window.ts';
import { runDirector } from './director.ts';

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

/** Actors due at this tick: awake, alive or dying, and past their next wake, and not gone; at night only the dying and seated players. */
export function dueActors(state: WorldState, tick: number, night = false): string[] {
  const out: string[] = [];
  for (const a of membersOf(state.actors)) {
    if (a.nextWake <= tick && !gone(a) && (a.status === 'dying' || (a.status === 'alive' && (!night || seated(a))))) out.push(a.id);
  }
  return out;
}

/**
 * One tick (docs/design.md, The tick): perceive, decide and resolve (parallel, against the pre-tick
 * state), then judge one proposal after another in a seeded order, then lasting effects, needs and
 * clocks, then reflection. Returns the tick's events; the state has already folded them.
 */
export async function runTick(cat: Catalog, state: WorldState, tick: number, delib: Deliberation, input: TickInput = {}): Promise<Event[]> {
  const judge = new TickJudge(cat, state, tick);
  // interventions come first: the tick's people perceive and decide in the world they made
  const intervened = (input.interventions ?? []).map((iv) => ({ request: iv, reason: judge.intervene(iv) }));
  if (input.onInterventions) input.onInterventions(intervened);
  // seats are freed (the admin's, then the idle) before joins, so a freed seat takes a newcomer at once
  const freed = (input.frees ?? []).map((f) => ({ request: f, reason: judge.free(f) }));
  if (input.onFrees) input.onFrees(freed);
  judge.freeIdle();
  // players who asked to join enter first, so they are due (and can act) at this very tick
  const joinRejections = (input.joins ?? []).map((j) => ({ request: j, reason: judge.join(j, !input.joinsClosed) }));
  if (input.onJoins) input.onJoins(joinRejections);
  const declared = (input.declares ?? []).map((d) => ({ request: d, reason: judge.declare(d) }));
  if (input.onDeclares) input.onDeclares(declared);
  const argued = (input.argues ?? []).map((a) => ({ request: a, reason: judge.argue(a) }));
  if (input.onArgues) input.onArgues(argued);
  const storyBefore = bindingsBefore(cat, state, tick);
  const took = questsFirst(cat, state, judge, input.takes);
  if (input.onTakes) input.onTakes(took);
  const due = dueActors(state, tick, asleep(tick, cat.scenario.vocabulary.time));
  const index = indexPlaces(cat, state);
  const perceptions = due.map((id) => perceive(cat, state, index, id, tick));
  const decisions = await delib.decide(cat, perceptions, state.seed);
  // a bot's argument for a trait is judged before its check is built for the engine and rolled
  await judgeBotArguments(cat, state, judge, due, decisions, input.argueJudge);

  const work: { slice: Slice; call: ToolCall }[] = [];
  const workOf = new Array<number>(due.length).fill(-1);
  decisions.forEach((d, i) => {
    if (d?.ok && d.call.actor === due[i]) {
      workOf[i] = work.length;
      work.push({ slice: sliceFor(cat, state, index, tick, d.call, perceptions[i]), call: d.call });
    }
  });
  // engines that can repair an answer see the Judge's verdict on it first (against the state the
  // tick starts from; the Judge judges again below, against the state the earlier proposals leave)
  const outcomes = await delib.resolve(cat, work, (call, c) => judge.dryRun(call, c));

  const order = rngFor(state.seed, tick, '*', 'judge-order').shuffle(due.map((_, i) => i));
  const acted: string[] = [];
  const judged = judge.events.length;
  for (const i of order) {
    const d = decisions[i];
    if (d === null) continue;
    acted.push(due[i]);
    if (!d.ok) judge.error(due[i], `${tick}:${due[i]}`, 'unknown', 'invalid_call');
    else if (workOf[i] < 0) judge.error(due[i], d.call.id, d.call.tool, 'not_yours');
    else judge.call(d.call, outcomes[workOf[i]]);
  }
  // whoever a player spoke to answers before the tick ends (only a player due this tick can have spoken)
  if (due.some((id) => state.actors[id].player)) {
    for (const id of await answerPlayers(cat, state, tick, delib, judge, judged, input.argueJudge)) if (!acted.includes(id)) acted.push(id);
  }

  for (const p of lastingEffects(cat, state, tick)) {
    judge.proposal(proposers.effect(p.entity, p.place), p.changes);
  }
  questsLast(cat, state, judge);
  await runDirector(judge, input.directorWindow, input.director);
  acted.sort();
  runClock(cat, state, tick, judge, acted);
  for (const id of acted) {
    const a = state.actors[id];
    if (dueForReflection(cat, a)) judge.reflect(id, reflect(cat, state, a));
  }
  // the story phase reads the world this tick made: a player's turn, or the world moving their story on
  const storyRefused = await runStories(cat, state, tick, judge, storyBefore, input.choices, input.progressJudge);
  if (input.onStory) input.onStory(storyRefused);
  return judge.finish(input.tokens?.(tick) ?? 0);
}
