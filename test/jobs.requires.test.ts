import { describe, expect, it } from 'vitest';
import { TickJudge } from '../sim/judge/judge.ts';
import { jobTag, parseJobTag } from '../sim/model/jobs.ts';
import { buildCatalog, type Catalog } from '../sim/scenario/catalog.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { sliceFor } from '../world-engine/slice.ts';
import { indexPlaces } from '../sim/state/place-index.ts';
import { call, consequence, fresh, place, shenzhen, runFor } from './helpers/world.ts';
import { between } from '../sim/model/clock.ts';

/** A job may ask for a role or a skill (README, Files and fields): the Judge holds the hiring to it, and nobody asks in vain. */
async function withRequirement(requires: { role?: string; skill?: string }): Promise<Catalog> {
  const base = (await shenzhen()).scenario;
  const jobs = base.meta.jobs.map((j) => (j.id === 'site_labour' ? { ...j, requires } : j));
  return buildCatalog({ ...base, meta: { ...base.meta, jobs } });
}

describe('a job that asks for a role or a skill', () => {
  it('the Judge takes on only one who has it, and the rules engine proposes no hire for one who has not', async () => {
    const cat = await withRequirement({ role: 'artist' });
    const s = fresh(cat);
    for (const id of ['lao_chen', 'lin_feng', 'chen_jing']) place(s, id, s.actors.lao_chen.location);
    const judge = new TickJudge(cat, s, 1);
    const hire = (who: string) =>
      judge.proposal({ actor: 'lao_chen', entity: null, clock: false, place: s.actors.lao_chen.location, strategy: null, call: null }, [
        { type: 'tag_added', actor: who, tag: jobTag('site_labour', 'lao_chen') },
      ]);
    expect(hire('lin_feng')?.code).toBe('job_requires');
    expect(hire('chen_jing')).toBeNull();
    // asked by one without the role, the foreman declines in words and proposes nothing
    const t = fresh(cat);
    for (const id of ['lao_chen', 'lin_feng', 'chen_jing']) place(t, id, t.actors.lao_chen.location);
    const hires = (who: string) => {
      const ask = call(who, 'interact', { target: 'lao_chen', manner: 'negotiate', content: { key: 'say.ask_work' } });
      const q = ruleEngine().resolve(cat, sliceFor(cat, t, indexPlaces(cat, t), 2, ask), ask);
      return 'world_changes' in q && q.world_changes.some((c) => c.type === 'tag_added');
    };
    expect(hires('lin_feng')).toBe(false);
    expect(hires('chen_jing')).toBe(true);
  });

  it('in a run, nobody without the skill is taken on, and nobody is refused for want of it', async () => {
    const cat = await withRequirement({ skill: 'painting' });
    const { world: w, events } = await runFor(cat.scenario, 2, 200);
    const hired = events.flatMap((e) => (e.type === 'tag_added' && parseJobTag(e.tag)?.job === 'site_labour' ? [e.actor] : []));
    for (const id of hired)
      expect(w.state.actors[id].tags.includes('skill:painting') || (w.state.actors[id].inventory.painting ?? 0) > 0).toBe(true);
    const refused = events.filter((e) => e.type === 'call_failed' && e.failed.reason.code === 'job_requires');
    expect(refused).toEqual([]);
    // the other crew still hires: the requirement is the job's, not the town's
    expect(events.some((e) => e.type === 'tag_added' && parseJobTag(e.tag)?.job === 'warehouse_sorting')).toBe(true);
  }, 120_000);
});

describe('a job with a shift', () => {
  it('is paid only in its hours, and its workers keep to them: nobody is refused for coming out of them', async () => {
    const base = (await shenzhen()).scenario;
    const jobs = base.meta.jobs.map((j) => ({ ...j, hours: { from: 8, to: 12 } }));
    const cat = buildCatalog({ ...base, meta: { ...base.meta, jobs } });
    const { events } = await runFor(cat.scenario, 3, 2 * cat.scenario.vocabulary.time.ticksPerDay);
    const paid = events.filter(
      (e) => (e.type === 'money_created' && e.source === 'wage') || (e.type === 'transfer' && e.reason === 'wage'),
    );
    expect(paid.length).toBeGreaterThan(0);
    for (const e of paid) expect(between(e.tick, cat.scenario.vocabulary.time, 8, 12), `wage paid at tick ${e.tick}`).toBe(true);
    expect(events.filter((e) => e.type === 'call_failed' && e.failed.reason.code === 'off_shift')).toEqual([]);
    // proposed out of hours by anyone, the Judge refuses the pay
    const t = fresh(cat);
    const off = [...Array(cat.scenario.vocabulary.time.ticksPerDay).keys()].find((k) => !between(k, cat.scenario.vocabulary.time, 8, 12))!;
    const judge = new TickJudge(cat, t, off);
    const job = jobs[0];
    const worker = 'lin_feng';
    t.actors[worker].tags.push(jobTag(job.id, job.employer));
    t.actors[worker].location = job.place;
    const work = call(worker, 'use_resource', { resource: 'energy', amount: job.energy, purpose: 'work' });
    const failed = judge.call(work, {
      ok: true,
      consequence: consequence({
        resource_changes: { energy: -job.energy },
        world_changes: job.source
          ? [{ type: 'money_source', to: worker, amount: job.wage, source: job.source }]
          : [{ type: 'resource_transfer', from: job.employer, to: worker, resource: 'money', amount: job.wage, reason: 'wage' }],
      }),
    });
    expect(failed?.reason.code).toBe('off_shift');
  }, 120_000);
});
