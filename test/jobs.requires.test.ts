import { describe, expect, it } from 'vitest';
import { policyBrain } from '../bots/brains/policy/index.ts';
import { memoryStore } from '../adapters/store/memory.ts';
import { TickJudge } from '../sim/judge/judge.ts';
import type { Event } from '../sim/model/events.ts';
import { jobTag, parseJobTag } from '../sim/model/jobs.ts';
import { buildCatalog, type Catalog } from '../sim/scenario/catalog.ts';
import { World } from '../sim/world.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { sliceFor } from '../world-engine/slice.ts';
import { indexPlaces } from '../sim/state/place-index.ts';
import { call, fresh, place, shenzhen } from './helpers/world.ts';

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
    const w = await World.open({
      scenario: cat.scenario,
      seed: 2,
      population: null,
      store: memoryStore(),
      brain: policyBrain(),
      engine: ruleEngine(),
    });
    const events: Event[] = [];
    for (let i = 0; i < 200; i++) events.push(...(await w.step()));
    const hired = events.flatMap((e) => (e.type === 'tag_added' && parseJobTag(e.tag)?.job === 'site_labour' ? [e.actor] : []));
    for (const id of hired)
      expect(w.state.actors[id].tags.includes('skill:painting') || (w.state.actors[id].inventory.painting ?? 0) > 0).toBe(true);
    const refused = events.filter((e) => e.type === 'call_failed' && e.failed.reason.code === 'job_requires');
    expect(refused).toEqual([]);
    // the other crew still hires: the requirement is the job's, not the town's
    expect(events.some((e) => e.type === 'tag_added' && parseJobTag(e.tag)?.job === 'warehouse_sorting')).toBe(true);
    await w.close();
  }, 120_000);
});
