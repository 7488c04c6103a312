import { fileURLToPath } from 'node:url';
import type { Consequence } from '../../sim/model/consequence.ts';
import type { ToolCall } from '../../sim/model/tools.ts';
import { TickJudge } from '../../sim/judge/judge.ts';
import { buildCatalog, type Catalog } from '../../sim/scenario/catalog.ts';
import { loadScenario } from '../../sim/scenario/load.ts';
import { initialState } from '../../sim/state/initial.ts';
import type { Event } from '../../sim/model/events.ts';
import type { Scenario } from '../../sim/model/scenario.ts';
import { World } from '../../sim/world.ts';
import { memoryStore } from '../../adapters/store/memory.ts';
import { policyBrain } from '../../bots/brains/policy/index.ts';
import { ruleEngine } from '../../world-engine/rules/index.ts';
import type { WorldState } from '../../sim/state/types.ts';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

let cached: Catalog | null = null;

/** The Shenzhen pack, loaded once per test file. */
export async function shenzhen(): Promise<Catalog> {
  cached ??= buildCatalog(await loadScenario(`${ROOT}scenarios/shenzhen`));
  return cached;
}

export function fresh(cat: Catalog, seed = 1): WorldState {
  const s = initialState(cat, seed, null);
  s.tick = 0;
  return s;
}

export const consequence = (c: Partial<Consequence> = {}): Consequence => ({
  narrative: { text: 'test' },
  world_changes: [],
  resource_changes: {},
  side_effects: [],
  ...c,
});

let n = 0;
export function call<T extends ToolCall['tool']>(actor: string, tool: T, args: Extract<ToolCall, { tool: T }>['args']): ToolCall {
  return { id: `t${n++}`, actor, tool, args } as ToolCall;
}

/** Judge a single call at the next tick; returns the failure (or null) and the events committed. */
export function judgeOne(cat: Catalog, state: WorldState, c: ToolCall, q: Consequence) {
  const judge = new TickJudge(cat, state, state.tick + 1);
  const failed = judge.call(c, { ok: true, consequence: q });
  return { failed, events: judge.events, judge };
}

/** Put an actor somewhere, as a test's starting position. */
export function place(state: WorldState, actor: string, where: string): void {
  state.actors[actor].location = where;
}

/** Lin Feng and Fang Lan at Dongmen, and only Lin Feng due at tick 1: one decision, one risky bargain to argue over. */
export function bargainScene(cat: Catalog): WorldState {
  const s = fresh(cat, 3);
  place(s, 'lin_feng', 'dongmen');
  place(s, 'fang_lan', 'dongmen');
  for (const a of Object.values(s.actors)) if (a.id !== 'lin_feng') a.nextWake = 1000;
  return s;
}

/** A pack's world in memory with the embedded brain and engine, at its start. */
export function openWorld(scenario: Scenario, seed: number): Promise<World> {
  return World.open({ scenario, seed, population: null, store: memoryStore(), brain: policyBrain(), engine: ruleEngine() });
}

/** A pack run in memory with the embedded brain and engine for `ticks` ticks: the world and every event it committed. */
export async function runFor(scenario: Scenario, seed: number, ticks: number): Promise<{ world: World; events: Event[] }> {
  const world = await openWorld(scenario, seed);
  const events: Event[] = [];
  for (let i = 0; i < ticks; i++) events.push(...(await world.step()));
  await world.close();
  return { world, events };
}
