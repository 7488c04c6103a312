import { describe, expect, it } from 'vitest';
import { policyBrain } from '../bots/brains/policy/index.ts';
import { canonicalJson } from '../sim/lib/canonical.ts';
import type { Event } from '../sim/model/events.ts';
import { localDeliberation } from '../sim/tick/deliberation.ts';
import type { Phase, TickContext } from '../sim/tick/phase.ts';
import { PHASES } from '../sim/tick/phases.ts';
import { runTick } from '../sim/tick/pipeline.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { fresh, shenzhen } from './helpers/world.ts';

/** Twenty ticks of Shenzhen with the given phases; the log, and what `seen` noted. */
async function run(phases: readonly Phase[]): Promise<Event[]> {
  const cat = await shenzhen();
  const state = fresh(cat, 4);
  const delib = localDeliberation(policyBrain(), ruleEngine());
  const log: Event[] = [];
  for (let tick = 0; tick < 20; tick++) {
    log.push(...(await runTick(cat, state, tick, delib, {}, phases)));
    state.tick = tick + 1;
  }
  return log;
}

describe('the tick as registered phases (docs/design.md, The tick)', () => {
  it('every phase has its own id and a slot', () => {
    expect(new Set(PHASES.map((p) => p.id)).size).toBe(PHASES.length);
    for (const p of PHASES) expect(['open', 'close'], p.id).toContain(p.at);
  });

  it('a do-nothing phase is one object and one more entry: it runs in its slot each tick and the log is unchanged', async () => {
    const seen: { tick: number; at: string; due: number; events: number }[] = [];
    const probe = (at: Phase['at']): Phase => ({
      id: `probe.${at}`,
      at,
      run: (ctx: TickContext) => {
        seen.push({ tick: ctx.tick, at, due: ctx.due.length, events: ctx.judge.events.length });
      },
    });
    const plain = await run(PHASES);
    const probed = await run([probe('open'), ...PHASES, probe('close')]);
    expect(canonicalJson(probed)).toBe(canonicalJson(plain));
    expect(seen.filter((s) => s.at === 'open').map((s) => s.tick)).toEqual([...Array(20).keys()]);
    expect(seen.filter((s) => s.at === 'close').map((s) => s.tick)).toEqual([...Array(20).keys()]);
    // before the actors' turn nobody is due yet and nothing is judged; after it, the calls are in
    for (const s of seen.filter((x) => x.at === 'open')) expect(s).toMatchObject({ due: 0, events: 0 });
    expect(seen.filter((s) => s.at === 'close').some((s) => s.due > 0 && s.events > 0)).toBe(true);
  });
});
