import { describe, expect, it } from 'vitest';
import { TickJudge } from '../sim/judge/judge.ts';
import { jobTag, parseJobTag } from '../sim/model/jobs.ts';
import { buildCatalog, type Catalog } from '../sim/scenario/catalog.ts';
import { between } from '../sim/model/clock.ts';
import { indexPlaces } from '../sim/state/place-index.ts';
import type { Event } from '../sim/model/events.ts';
import type { WorldState } from '../sim/state/types.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { sliceFor } from '../world-engine/slice.ts';
import { call, consequence, fresh, runFor } from './helpers/world.ts';
import { type PackFiles, tinyPack } from './helpers/tiny-pack.ts';

/**
 * A job paid by the shift (README, Files and fields: `jobs`, `pay`): the first work call of a shift
 * earns the wage, later ones in the same shift earn nothing and are not refused, and the next shift
 * pays again. Both ways a wage is paid: from a declared source, and out of the employer's purse.
 */
const HOURS = { from: 8, to: 16 };
async function packWith(source: boolean): Promise<Catalog> {
  return buildCatalog(
    await tinyPack((f: PackFiles) => {
      const job = f.scenario.jobs[0];
      job.hours = HOURS;
      job.pay = 'shift';
      if (!source) delete job.source;
    }),
  );
}

/** the first tick of day `day` (0-based) at `hour`, in the tiny pack's 48 ticks a day */
const at = (day: number, hour: number) => day * 48 + hour * 2;

/** The rule engine's consequence of ada's work call at `tick`, judged there: what it paid and what it cost. */
function work(cat: Catalog, s: WorldState, tick: number) {
  const c = call('ada', 'use_resource', { resource: 'energy', amount: 10, purpose: 'work' });
  const q = ruleEngine().resolve(cat, sliceFor(cat, s, indexPlaces(cat, s), tick, c), c);
  const judge = new TickJudge(cat, s, tick);
  const money = s.actors.ada.money;
  const energy = s.actors.ada.energy;
  const failed = judge.call(c, { ok: true, consequence: q as never, trusted: true });
  return { failed, earned: s.actors.ada.money - money, spent: energy - s.actors.ada.energy, events: judge.events };
}

function hired(cat: Catalog): WorldState {
  const s = fresh(cat);
  s.actors.ada.tags.push(jobTag('drilling', 'steward'));
  s.actors.ada.location = 'rock';
  s.actors.ada.energy = 100;
  return s;
}

describe.each([
  ['from a source', true],
  ['by the employer', false],
])('a wage paid by the shift, %s', (_how, source) => {
  it('pays the first work call of a shift, and no other call of it; the next shift pays again', async () => {
    const cat = await packWith(source);
    const s = hired(cat);
    const first = work(cat, s, at(0, 9));
    expect(first.failed).toBeNull();
    expect(first.earned).toBe(8);
    // later in the same shift: the work is done and costs its energy, and earns nothing
    const again = work(cat, s, at(0, 13));
    expect(again.failed).toBeNull();
    expect(again.earned).toBe(0);
    expect(again.spent).toBe(10);
    // an engine that proposes the wage again is refused, by name
    const c = call('ada', 'use_resource', { resource: 'energy', amount: 10, purpose: 'work' });
    const wage = source
      ? { type: 'money_source' as const, to: 'ada', amount: 8, source: 'payroll' }
      : { type: 'resource_transfer' as const, from: 'steward', to: 'ada', resource: 'money', amount: 8, reason: 'wage' };
    const judge = new TickJudge(cat, s, at(0, 14));
    const refused = judge.call(c, { ok: true, consequence: consequence({ resource_changes: { energy: -10 }, world_changes: [wage] }) });
    expect(refused?.reason.code).toBe('paid_this_shift');
    // the next day's shift pays again
    expect(work(cat, s, at(1, 8)).earned).toBe(8);
  });
});

describe('a job paid by the shift with no hours', () => {
  it('has the day as its shift: paid once a day, whatever the hour', async () => {
    const cat = buildCatalog(
      await tinyPack((f: PackFiles) => {
        f.scenario.jobs[0].pay = 'shift';
      }),
    );
    const s = hired(cat);
    expect(work(cat, s, at(0, 2)).earned).toBe(8);
    expect(work(cat, s, at(0, 12)).earned).toBe(0);
    expect(work(cat, s, at(0, 23)).earned).toBe(0);
    expect(work(cat, s, at(1, 0)).earned).toBe(8);
  });
});

describe('a run with jobs paid by the shift', () => {
  it('pays each worker at most once a shift, every wage in the shift, and bots do not work on unpaid', async () => {
    const cat = await packWith(true);
    const clock = cat.scenario.vocabulary.time;
    const { events } = await runFor(cat.scenario, 4, 3 * 48);
    const wages = events.filter(
      (e): e is Extract<Event, { type: 'money_created' }> => e.type === 'money_created' && e.source === 'payroll',
    );
    expect(wages.length).toBeGreaterThan(2);
    const shifts = new Set<string>();
    for (const w of wages) {
      expect(between(w.tick, clock, HOURS.from, HOURS.to), `a wage at tick ${w.tick}`).toBe(true);
      const key = `${w.to}@${Math.floor(w.tick / 48)}`;
      expect(shifts.has(key), `${key} paid twice`).toBe(false);
      shifts.add(key);
    }
    // paid more than one day: the shift pays again, and workers come back for it
    expect(new Set(wages.map((w) => Math.floor(w.tick / 48))).size).toBeGreaterThan(1);
    const hired = new Set(events.flatMap((e) => (e.type === 'tag_added' && parseJobTag(e.tag) ? [e.actor] : [])));
    expect(hired.size).toBeGreaterThan(0);
    const unpaid = events.filter((e) => e.type === 'action' && 'key' in e.narrative && e.narrative.key === 'narrative.work_unpaid');
    expect(unpaid).toEqual([]);
    expect(events.filter((e) => e.type === 'call_failed' && e.failed.reason.code === 'paid_this_shift')).toEqual([]);
  }, 120_000);
});
