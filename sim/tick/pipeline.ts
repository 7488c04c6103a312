import { perceive } from '../../bots/perception.ts';
import { sliceFor } from '../../world-engine/slice.ts';
import type { Slice } from '../../world-engine/types.ts';
import { TickJudge } from '../judge/judge.ts';
import type { Event } from '../model/events.ts';
import type { ToolCall } from '../model/tools.ts';
import { rngFor } from '../rng.ts';
import { asleep } from '../model/clock.ts';
import type { Catalog } from '../scenario/catalog.ts';
import { membersOf } from '../state/members.ts';
import type { WorldState } from '../state/types.ts';
import { gone, seated } from '../state/seats.ts';
import { asleepAway } from '../judge/presence.ts';
import { indexPlaces } from '../state/place-index.ts';
import type { Deliberation } from './deliberation.ts';
import { judgeBotArguments } from './argues.ts';
import type { TickInput } from './input.ts';
import { Inbox } from './inbox.ts';
import type { Phase, TickContext } from './phase.ts';
import { PHASES } from './phases.ts';

export type { TickInput } from './input.ts';

/**
 * Actors due at this tick: awake, alive or dying, and past their next wake, not gone and not a player
 * asleep while away; at night only the dying and seated players.
 */
export function dueActors(cat: Catalog, state: WorldState, tick: number): string[] {
  const night = asleep(tick, cat.scenario.vocabulary.time);
  const out: string[] = [];
  const actors = membersOf(state.actors);
  for (let i = 0; i < actors.length; i++) {
    const a = actors[i];
    if (a.nextWake > tick || gone(a) || (a.player && asleepAway(cat, a))) continue;
    if (a.status === 'dying' || (a.status === 'alive' && (!night || seated(a)))) out.push(a.id);
  }
  return out;
}

/**
 * One tick (docs/design.md, The tick): the registered phases that open it, then the due actors'
 * turn (perceive, decide and resolve in parallel against the same state, then judge one proposal
 * after another in a seeded order), then the phases that close it. Returns the tick's events; the
 * state has already folded them.
 */
export async function runTick(
  cat: Catalog,
  state: WorldState,
  tick: number,
  delib: Deliberation,
  input: TickInput = {},
  phases: readonly Phase[] = PHASES,
): Promise<Event[]> {
  const ctx: TickContext = {
    cat,
    state,
    tick,
    judge: new TickJudge(cat, state, tick),
    delib,
    requests: input.requests ?? new Inbox(),
    refused: [],
    advisors: input.advisors ?? {},
    recent: input.recent,
    due: [],
    decisions: [],
    acted: [],
    judgedFrom: 0,
  };
  for (const p of phases) if (p.at === 'open') await p.run(ctx);
  await actorsTurn(ctx);
  for (const p of phases) if (p.at === 'close') await p.run(ctx);
  const events = ctx.judge.finish(input.tokens?.(tick) ?? 0);
  input.onRefused?.(ctx.refused);
  return events;
}

/** The due actors' turn: the runner's own step between the phases. */
async function actorsTurn(ctx: TickContext): Promise<void> {
  const { cat, state, tick, judge, delib, advisors } = ctx;
  const due = dueActors(cat, state, tick);
  ctx.due = due;
  const index = indexPlaces(cat, state);
  const perceptions = due.map((id) => perceive(cat, state, index, id, tick));
  const decisions = await delib.decide(cat, perceptions, state.seed);
  ctx.decisions = decisions;
  // a bot's argument for a trait is judged before its check is built for the engine and rolled
  await judgeBotArguments(cat, state, judge, due, decisions, advisors.argue);

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
  // the perceptions and slices are done with: let the collector have them before the judging below
  // allocates the tick's events, rather than copy them through every scavenge until the tick ends
  perceptions.length = 0;
  work.length = 0;

  // seated players first, then everyone else, each in the seeded order: a player chose from what the
  // committed state offered them (options are judged ahead against it), so that is the state their call
  // meets; bots decided from the same state and take what is left. A world of bots keeps its order.
  const shuffled = rngFor(state.seed, tick, '*', 'judge-order').shuffle(due.map((_, i) => i));
  const first = shuffled.filter((i) => seated(state.actors[due[i]]));
  const order = first.length ? [...first, ...shuffled.filter((i) => !seated(state.actors[due[i]]))] : shuffled;
  ctx.judgedFrom = judge.events.length;
  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    const d = decisions[i];
    if (d === null) continue;
    ctx.acted.push(due[i]);
    if (!d.ok) judge.error(due[i], `${tick}:${due[i]}`, 'unknown', 'invalid_call');
    else if (workOf[i] < 0) judge.error(due[i], d.call.id, d.call.tool, 'not_yours');
    else judge.call(d.call, outcomes[workOf[i]]);
  }
}
