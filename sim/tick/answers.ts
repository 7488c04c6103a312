import type { Phase } from './phase.ts';
import { perceive } from '../../bots/perception.ts';
import { answerBasis } from '../../bots/work-lead.ts';
import { sliceFor } from '../../world-engine/slice.ts';
import type { Slice } from '../../world-engine/types.ts';
import type { TickJudge } from '../judge/judge.ts';
import type { Event } from '../model/events.ts';
import type { Message } from '../model/text.ts';
import type { ToolCall } from '../model/tools.ts';
import type { Catalog } from '../scenario/catalog.ts';
import type { WorldState } from '../state/types.ts';
import type { Deliberation } from './deliberation.ts';
import { indexPlaces } from '../state/place-index.ts';
import { judgeBotArguments } from './argues.ts';
import type { ArgueJudge } from '../../world-engine/argue/types.ts';

/**
 * The game master's turn (docs/design.md, Dialog types): a person a player spoke to answers in the same tick, not
 * at their next heartbeat. Their brain sees only its own perception and the player's words; what it
 * does is a call like any other, resolved by the World Engine and judged by the Judge.
 */
export interface Asked {
  bot: string;
  to: string;
  said: Message;
}

/** Who a player spoke to among the events from `from` on: each person answers once, the first player to speak to them. */
export function askedBy(state: WorldState, events: readonly Event[], from: number): Asked[] {
  const out: Asked[] = [];
  for (let i = from; i < events.length; i++) {
    const e = events[i];
    if (e.type !== 'addressed') continue;
    const bot = state.actors[e.actor];
    const by = state.actors[e.by];
    if (!by?.player || !bot || bot.player || bot.status !== 'alive' || bot.location !== by.location) continue;
    if (!out.some((a) => a.bot === e.actor)) out.push({ bot: e.actor, to: e.by, said: e.msg });
  }
  return out;
}

/** Run the answers to what players said since event `from` (an argument for a trait judged by `argue`, as at any turn); returns who answered. */
export async function answerPlayers(
  cat: Catalog,
  state: WorldState,
  tick: number,
  delib: Deliberation,
  judge: TickJudge,
  from: number,
  argue?: ArgueJudge,
): Promise<string[]> {
  const asked = askedBy(state, judge.events, from);
  if (!asked.length) return [];
  const index = indexPlaces(cat, state);
  const perceptions = asked.map((a) => ({
    ...perceive(cat, state, index, a.bot, tick),
    answering: { to: a.to, said: a.said, basis: answerBasis(cat, state, a.bot) },
  }));
  const decisions = await delib.decide(cat, perceptions, state.seed);
  await judgeBotArguments(
    cat,
    state,
    judge,
    asked.map((a) => a.bot),
    decisions,
    argue,
  );
  const work: { slice: Slice; call: ToolCall }[] = [];
  const workOf = decisions.map((d, i) => {
    if (!d?.ok || d.call.actor !== asked[i].bot) return -1;
    // after its own call this tick: a risky answer is a fresh throw, not that call's dice again
    work.push({ slice: sliceFor(cat, state, index, tick, d.call, perceptions[i], { before: judge.rolledBy(d.call.actor) }), call: d.call });
    return work.length - 1;
  });
  const outcomes = await delib.resolve(cat, work, (call, c) => judge.dryRun(call, c));
  decisions.forEach((d, i) => {
    if (d === null) return;
    if (!d.ok) judge.error(asked[i].bot, `${tick}:${asked[i].bot}:answer`, 'unknown', 'invalid_call');
    else if (workOf[i] < 0) judge.error(asked[i].bot, d.call.id, d.call.tool, 'not_yours');
    else judge.call(d.call, outcomes[workOf[i]]);
  });
  return asked.map((a) => a.bot);
}

/** Whoever a player spoke to answers before the tick ends (only a player due this tick can have spoken). */
export const answersPhase: Phase = {
  id: 'answers',
  at: 'close',
  run: async ({ cat, state, tick, delib, judge, advisors, due, acted, judgedFrom }) => {
    if (!due.some((id) => state.actors[id].player)) return;
    for (const id of await answerPlayers(cat, state, tick, delib, judge, judgedFrom, advisors.argue))
      if (!acted.includes(id)) acted.push(id);
  },
};
