import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TickJudge } from '../sim/judge/judge.ts';
import { between } from '../sim/model/clock.ts';
import type { Event } from '../sim/model/events.ts';
import { jobTag, parseJobTag } from '../sim/model/jobs.ts';
import { buildCatalog, travelCost, type Catalog } from '../sim/scenario/catalog.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { act } from './helpers/act.ts';
import { call, fresh, place, ROOT, runFor } from './helpers/world.ts';

/**
 * The third world does from its JSON alone what the other two never do: a crawlway outside the hull only
 * a suit may take, a toll that falls on those on foot and not on the tram, a public address the whole
 * ring hears, shifts paid only in their hours, and hull work only for those who know EVA.
 */
let cat: Catalog;
let events: Event[] = [];
beforeAll(async () => {
  cat = buildCatalog(await loadScenario(path.join(ROOT, 'scenarios', 'vesta_ring')));
  ({ events } = await runFor(cat.scenario, 5, 400));
}, 120_000);

describe("vesta ring's ways round", () => {
  it('the crawlway outside the hull is the short way in a suit, and a suit goes nowhere else', () => {
    const s = fresh(cat);
    expect(travelCost(cat, s, 'scrubber_plant', 'refinery_deck', 'hull_crawl')!.distance).toBe(2);
    // the corridors go the long way round, past the gardens and the spindle or through the hub
    expect(travelCost(cat, s, 'scrubber_plant', 'refinery_deck', 'walk')!.distance).toBe(6);
    expect(travelCost(cat, s, 'scrubber_plant', 'refinery_deck', 'maglev')!.distance).toBe(6);
    expect(travelCost(cat, s, 'scrubber_plant', 'union_hall', 'hull_crawl')).toBeNull();
  });

  it("Nine's hatch takes its toll from those on foot, and the tram passes it free", () => {
    const s = fresh(cat);
    expect(travelCost(cat, s, 'airlock_nine', 'refinery_deck', 'walk', 'pip_achebe')!.tolls).toEqual([
      { owner: 'rafa_quintero', amount: 3, entity: 'nine_hatch' },
    ]);
    expect(travelCost(cat, s, 'airlock_nine', 'refinery_deck', 'maglev', 'pip_achebe')!.tolls).toEqual([]);
    const trip = (mode: string) => {
      const t = fresh(cat);
      place(t, 'dmitri_okafor', 'airlock_nine');
      const before = { walker: t.actors.dmitri_okafor.money, fixer: t.actors.rafa_quintero.money };
      expect(act(cat, t, call('dmitri_okafor', 'move', { destination: 'refinery_deck', mode })).failed).toBeNull();
      return { paid: before.walker - t.actors.dmitri_okafor.money, fixer: t.actors.rafa_quintero.money - before.fixer };
    };
    expect(trip('walk')).toEqual({ paid: 3, fixer: 3 });
    // the tram's fare goes to the tram, none of it to the fixer
    expect(trip('maglev')).toEqual({ paid: 4, fixer: 0 });
  });
});

describe("vesta ring's station PA", () => {
  it('carries news to people all round the ring, where speaking up reaches only the place', () => {
    const spread = (channel: string) => {
      const t = fresh(cat, 5);
      for (const a of Object.values(t.actors)) place(t, a.id, a.id === 'oksana_petrenko' ? 'hub_concourse' : 'bunk_warrens');
      const made = call('oksana_petrenko', 'create', {
        what: 'talk_skimming',
        where: 'hub_concourse',
        using: { energy: 5 },
        about: 'dmitri_okafor',
      });
      expect(act(cat, t, made).failed).toBeNull();
      const [fact] = Object.values(t.facts);
      const news = { key: 'say.news', params: { fact: { ref: 'fact' as const, id: fact.id } } };
      expect(act(cat, t, call('oksana_petrenko', 'express', { channel, content: news })).failed).toBeNull();
      return Object.values(t.actors).filter((a) => a.id !== 'oksana_petrenko' && a.knows.includes(fact.id)).length;
    };
    expect(spread('speak_up')).toBe(0);
    expect(spread('station_pa')).toBeGreaterThan(0);
  });
});

describe("vesta ring's work", () => {
  it('hull patching takes on only one who knows EVA', () => {
    const s = fresh(cat);
    place(s, 'selin_aydin', 'cargo_spindle');
    const judge = new TickJudge(cat, s, 1);
    const hire = () =>
      judge.proposal({ actor: 'hana_sato', entity: null, clock: false, place: 'cargo_spindle', strategy: null, call: null }, [
        { type: 'tag_added', actor: 'selin_aydin', tag: jobTag('hull_patching', 'hana_sato') },
      ]);
    expect(hire()?.code).toBe('job_requires');
    s.actors.selin_aydin.tags.push('skill:eva');
    expect(hire()).toBeNull();
  });

  it('in a run, every wage is paid within the shift of the job it is paid for', () => {
    const time = cat.scenario.vocabulary.time;
    const jobs = new Map(cat.scenario.meta.jobs.map((j) => [j.id, j]));
    const holds = new Map<string, string>();
    let wages = 0;
    for (const e of events) {
      if (e.type === 'tag_added' && parseJobTag(e.tag)) holds.set(e.actor, parseJobTag(e.tag)!.job);
      if (e.type === 'tag_removed' && parseJobTag(e.tag)) holds.delete(e.actor);
      const paid = (e.type === 'money_created' || (e.type === 'transfer' && e.reason === 'wage')) && e.credit === 'work';
      if (!paid) continue;
      const job = jobs.get(holds.get(e.to)!);
      expect(job, `a wage to ${e.to} at tick ${e.tick} with no job`).toBeDefined();
      expect(between(e.tick, time, job!.hours!.from, job!.hours!.to), `${job!.id} paid at tick ${e.tick}`).toBe(true);
      wages++;
    }
    expect(wages).toBeGreaterThan(20);
    // both shifts of the refinery take people on
    const hired = events.flatMap((e) => (e.type === 'tag_added' && parseJobTag(e.tag) ? [parseJobTag(e.tag)!.job] : []));
    expect(hired).toEqual(expect.arrayContaining(['refinery_day', 'smelter_swing']));
  });
});
