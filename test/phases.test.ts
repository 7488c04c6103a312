import { describe, expect, it } from 'vitest';
import { policyBrain } from '../bots/brains/policy/index.ts';
import { canonicalJson } from '../sim/lib/canonical.ts';
import type { Event } from '../sim/model/events.ts';
import { localDeliberation } from '../sim/tick/deliberation.ts';
import { Inbox, type Refusal, type RequestKind } from '../sim/tick/inbox.ts';
import { judgeEach, type Phase, type TickContext } from '../sim/tick/phase.ts';
import { PHASES } from '../sim/tick/phases.ts';
import { runTick } from '../sim/tick/pipeline.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { fresh, shenzhen } from './helpers/world.ts';

/** Twenty ticks of Shenzhen with the given phases; the log, and what `seen` noted. */
async function run(phases: readonly Phase[], inbox?: (tick: number) => Inbox, refused?: Refusal[]): Promise<Event[]> {
  const cat = await shenzhen();
  const state = fresh(cat, 4);
  const delib = localDeliberation(policyBrain(), ruleEngine());
  const log: Event[] = [];
  for (let tick = 0; tick < 20; tick++) {
    log.push(...(await runTick(cat, state, tick, delib, { requests: inbox?.(tick), onRefused: (r) => refused?.push(...r) }, phases)));
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

  it('a feature with requests of its own declares a kind beside its phase: they reach it, and its refusals come back to whoever asked', async () => {
    // a request a player makes between ticks, judged by the probe's phase alone
    const WAVE: RequestKind<{ actor: string; ok: boolean }> = { id: 'wave', askedBy: (r) => r.actor };
    const judged: { tick: number; actor: string }[] = [];
    const probe: Phase = {
      id: 'probe.wave',
      at: 'open',
      run: (ctx) =>
        judgeEach(ctx, WAVE, (r) => {
          judged.push({ tick: ctx.tick, actor: r.actor });
          return r.ok ? null : { code: 'not_present', message: { key: 'reason.not_present' } };
        }),
    };
    const server = new Inbox();
    const inbox = (tick: number) => {
      // queued while tick 3 was the next to run: the server's inbox, drained by the tick as the host does
      if (tick === 3) {
        server.put(WAVE, { actor: 'player-1', ok: true });
        server.put(WAVE, { actor: 'player-2', ok: false });
      }
      return server.drain();
    };
    const refused: Refusal[] = [];
    const plain = await run(PHASES);
    const probed = await run([probe, ...PHASES], inbox, refused);
    expect(canonicalJson(probed)).toBe(canonicalJson(plain));
    expect(judged).toEqual([
      { tick: 3, actor: 'player-1' },
      { tick: 3, actor: 'player-2' },
    ]);
    expect(refused).toEqual([
      {
        kind: 'wave',
        askedBy: 'player-2',
        request: { actor: 'player-2', ok: false },
        reason: { code: 'not_present', message: { key: 'reason.not_present' } },
      },
    ]);
    // drained: nothing is judged twice
    expect(server.pending(WAVE)).toEqual([]);
  });
});
