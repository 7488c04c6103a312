import { TickJudge } from '../../sim/judge/judge.ts';
import { proposers } from '../../sim/judge/changes.ts';
import type { ToolCall } from '../../sim/model/tools.ts';
import type { Consequence } from '../../sim/model/consequence.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { WorldState } from '../../sim/state/types.ts';
import { indexPlaces } from '../../sim/state/place-index.ts';
import { ruleEngine } from '../../world-engine/rules/index.ts';
import { sliceFor } from '../../world-engine/slice.ts';
import { lastingEffects } from '../../world-engine/effects/index.ts';

/** Resolve one call with the rule engine and judge it at the next tick, as the pipeline would. */
export function act(cat: Catalog, state: WorldState, call: ToolCall) {
  const tick = state.tick + 1;
  const consequence = ruleEngine().resolve(cat, sliceFor(cat, state, indexPlaces(cat, state), tick, call), call) as Consequence;
  const judge = new TickJudge(cat, state, tick);
  const failed = judge.call(call, { ok: true, consequence });
  const events = judge.finish();
  return { consequence, failed, events };
}

/** Let `n` ticks pass with nobody acting: only lasting effects and clocks. */
export function passTicks(cat: Catalog, state: WorldState, n: number) {
  const all = [];
  for (let i = 0; i < n; i++) {
    const judge = new TickJudge(cat, state, state.tick + 1);
    for (const p of lastingEffects(cat, state, state.tick + 1)) judge.proposal(proposers.effect(p.entity, p.place), p.changes);
    all.push(...judge.finish());
  }
  return all;
}
