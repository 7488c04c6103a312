import { PlayerQueue } from '../../bots/brains/player.ts';
import { policyBrain } from '../../bots/brains/policy/index.ts';
import type { Event } from '../../sim/model/events.ts';
import type { ToolCall } from '../../sim/model/tools.ts';
import { buildCatalog } from '../../sim/scenario/catalog.ts';
import { loadScenario } from '../../sim/scenario/load.ts';
import { canonicalJson } from '../../sim/lib/canonical.ts';
import { memoryStore } from '../../adapters/store/memory.ts';
import type { StoryRefusal } from '../../sim/tick/story.ts';
import { JOIN } from '../../sim/tick/requests.ts';
import { asking } from './requests.ts';
import type { TickInput } from '../../sim/tick/pipeline.ts';
import type { WorldState } from '../../sim/state/types.ts';
import { World } from '../../sim/world.ts';
import { storyOptions } from '../../world-engine/story/options.ts';
import type { ProgressJudge } from '../../world-engine/story/progress/types.ts';
import { ruleEngine } from '../../world-engine/rules/index.ts';
import { ROOT } from './world.ts';

/** Pick the option to take from those offered (by id), given the turn number; null: wait a tick. */
export type Script = (offered: string[], turn: number) => string | null;

export interface Played {
  ending: string | null;
  turns: number;
  ticks: number;
  log: string;
  chapters: string[];
  events: Event[];
  state: WorldState;
}

/**
 * A player joins a pack's world in process (the tick pipeline, bots on the policy brain, no model)
 * and plays its story by choices: each turn, the script picks one of the offered options, whose call
 * is queued with its choice index, as `POST .../act` with `choice` would. Stops at an ending or `maxTicks`.
 */
export async function playStory(
  pack: string,
  script: Script,
  o: { seed?: number; place?: string; maxTicks?: number; progressJudge?: ProgressJudge; onStory?: (refused: StoryRefusal[]) => void } = {},
): Promise<Played> {
  const cat = buildCatalog(await loadScenario(`${ROOT}scenarios/${pack}`));
  const queue = new PlayerQueue();
  const store = memoryStore();
  const w = await World.open({
    scenario: cat.scenario,
    seed: o.seed ?? 1,
    population: null,
    store,
    brain: policyBrain(),
    engine: ruleEngine(),
    players: queue,
  });
  const me = 'player-1';
  const events: Event[] = [];
  // the progress judge's refused changes to bound variables, as the story phase notes them
  const onRefused: TickInput['onRefused'] = (refused) =>
    o.onStory?.(
      refused.filter((r) => r.kind === 'story.change').map((r) => ({ ...(r.request as Omit<StoryRefusal, 'reason'>), reason: r.reason })),
    );
  const advisors = { progress: o.progressJudge };
  const join = { actor: me, name: { cn: '阿达', en: 'Ada' }, concept: 'a newcomer', place: o.place ?? cat.scenario.places[0].id };
  events.push(...(await w.step({ ...asking(JOIN, [join]), advisors, onRefused })));
  let turns = 0;
  let n = 0;
  const chapters: string[] = [];
  while (n++ < (o.maxTicks ?? 200)) {
    const st = w.state.stories?.[me];
    if (st?.ended) break;
    if (st && !chapters.includes(st.chapter)) chapters.push(st.chapter);
    const a = w.state.actors[me];
    if (!queue.has(me) && a.nextWake <= w.state.tick) {
      const offered = storyOptions(cat, w.state, me) ?? [];
      const pick = script(
        offered.map((x) => x.id),
        turns,
      );
      const opt = offered.find((x) => x.id === pick);
      if (opt) {
        const call = { id: `${me}:${n}`, actor: me, tool: opt.call.tool, args: opt.call.args } as ToolCall;
        queue.put(call, opt.choice);
        turns++;
      }
    }
    events.push(...(await w.step({ advisors, onRefused })));
  }
  const st = w.state.stories?.[me];
  if (st && !chapters.includes(st.chapter)) chapters.push(st.chapter);
  const log: string[] = [];
  for await (const e of store.readEvents(0, w.state.tick + 1)) log.push(canonicalJson(e));
  await w.close();
  return { ending: st?.ended?.ending ?? null, turns, ticks: w.state.tick, log: log.join('\n'), chapters, events, state: w.state };
}

/** The first of `wanted` that is offered. */
export const prefer =
  (...wanted: string[]): Script =>
  (offered) =>
    wanted.find((x) => offered.includes(x)) ?? null;
