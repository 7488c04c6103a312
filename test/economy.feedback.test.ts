import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Event } from '../sim/model/events.ts';
import { buildCatalog, type Catalog } from '../sim/scenario/catalog.ts';
import { ScenarioError } from '../sim/scenario/errors.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { dropMember, putMember } from '../sim/state/members.ts';
import type { WorldState } from '../sim/state/types.ts';
import { lastingEffects } from '../world-engine/effects/index.ts';
import { act } from './helpers/act.ts';
import { scored } from '../bots/brains/policy/index.ts';
import { perceive } from '../bots/perception.ts';
import { indexPlaces } from '../sim/state/place-index.ts';
import { copyScenario, removeDir, SHENZHEN } from './helpers/cli.ts';
import { call, consequence, fresh, judgeOne, place } from './helpers/world.ts';

/**
 * Prices and wages that answer supply and demand, as a pack opts into them (README, "Open or closed economy"): a stall
 * sells less beside others selling the same, and a wage paid out of an employer's purse follows it.
 */
type Json = Record<string, any>;
async function edit(dir: string, file: string, change: (j: Json) => void): Promise<void> {
  const j = JSON.parse(await readFile(path.join(dir, file), 'utf8'));
  change(j);
  await writeFile(path.join(dir, file), JSON.stringify(j, null, 2));
}

let dir: string;
let cat: Catalog;
let plain: Catalog;
let s: WorldState;
const parents: string[] = [];

beforeAll(async () => {
  // the same pack twice: its food stalls crowding one another, and not
  const stallIncome = (j: Json) => j.templates.find((t: Json) => t.id === 'food_stall').effects.find((e: Json) => e.type === 'income');
  const open = await copyScenario(SHENZHEN);
  parents.push(open);
  await edit(open, 'templates.json', (j) => delete stallIncome(j).crowding);
  plain = buildCatalog(await loadScenario(open));
  dir = await copyScenario(SHENZHEN);
  parents.push(dir);
  await edit(dir, 'templates.json', (j) => (stallIncome(j).crowding = 1));
  // the foreman pays day labour out of his own purse, a tenth of what he holds, at least 20
  await edit(dir, 'scenario.json', (j) => {
    const job = j.jobs.find((x: Json) => x.id === 'site_labour');
    delete job.source;
    job.sliding = { share: 0.1, min: 20 };
  });
  cat = buildCatalog(await loadScenario(dir));
});
afterAll(async () => {
  for (const d of parents) await removeDir(d);
});
beforeEach(() => {
  s = fresh(cat);
});

describe('crowding: a stall beside others selling the same sells less', () => {
  const owners = ['chen_jing', 'liu_yang', 'xu_na'];
  function stalls(state: WorldState, template: string, where: string, n: number, first = template): void {
    for (let i = 0; i < n; i++) {
      const id = i === 0 ? `${first}_a` : `${template}_${i}`;
      putMember(state.entities, id, { id, template, location: where, owner: owners[i], name: null, properties: {}, createdAt: 0 });
    }
  }
  /** Sales each stall would make over the ticks, counted from the proposals alone (nothing committed). */
  function sales(c: Catalog, state: WorldState, ticks: number): Map<string, number> {
    const out = new Map<string, number>();
    for (let t = 1; t <= ticks; t++)
      for (const p of lastingEffects(c, state, t))
        if (p.changes.some((ch) => ch.type === 'money_source')) out.set(p.entity, (out.get(p.entity) ?? 0) + 1);
    return out;
  }
  /** A fresh world whose only food stalls are `n` at Dongmen, the first of them `stall_a`. */
  function street(c: Catalog, n: number): WorldState {
    const state = fresh(c);
    for (const id of Object.keys(state.entities)) if (state.entities[id].template === 'food_stall') dropMember(state.entities, id);
    stalls(state, 'food_stall', 'dongmen', n, 'stall');
    return state;
  }

  it('three food stalls at one place share about the custom one stall alone would have', () => {
    const alone = sales(cat, street(cat, 1), 2000).get('stall_a')!;
    const each = sales(cat, street(cat, 3), 2000);
    expect(alone).toBeGreaterThan(300);
    expect(each.get('stall_a')!).toBeLessThan(alone * 0.5);
    const total = ['stall_a', 'food_stall_1', 'food_stall_2'].reduce((n, id) => n + each.get(id)!, 0);
    expect(total).toBeGreaterThan(alone * 0.75);
    expect(total).toBeLessThan(alone * 1.25);
  });

  it('a pack that does not declare crowding keeps each stall its own custom, and other kinds of thing do not crowd it', () => {
    expect(sales(plain, street(plain, 3), 500).get('stall_a')).toBe(sales(plain, street(plain, 1), 500).get('stall_a'));
    // a fruit cart beside a crowding food stall is not the same thing
    const carts = street(cat, 1);
    stalls(carts, 'fruit_cart', 'dongmen', 2, 'cart');
    expect(sales(cat, carts, 500).get('stall_a')).toBe(sales(cat, street(cat, 1), 500).get('stall_a'));
  });
});

describe('a trader sets up where the same trade is not already plying', () => {
  /** The trades the policy brain offers to set up at a place, over many seeded turns. */
  function opens(c: Catalog, state: WorldState, actor: string, where: string): Set<string> {
    place(state, actor, where);
    Object.assign(state.actors[actor], { money: 100_000, energy: 100 });
    const out = new Set<string>();
    for (let seed = 1; seed <= 60; seed++)
      for (const o of scored(c, perceive(c, state, indexPlaces(c, state), actor, state.tick + 1), seed))
        if (o.call.tool === 'create' && o.call.args.where === where) out.add(o.call.args.what);
    return out;
  }
  it('a food stall seen here is not opened again beside it when the pack says they crowd; elsewhere, or in a pack without crowding, it is', () => {
    const stall = { id: 'rival', template: 'food_stall', location: 'dongmen', owner: 'xu_na', name: null, properties: {}, createdAt: 0 };
    const crowded = fresh(cat);
    putMember(crowded.entities, 'rival', { ...stall });
    expect(opens(cat, crowded, 'liu_yang', 'dongmen')).not.toContain('food_stall');
    expect(opens(cat, fresh(cat), 'liu_yang', 'dongmen')).toContain('food_stall');
    const open = fresh(plain);
    putMember(open.entities, 'rival', { ...stall });
    expect(opens(plain, open, 'liu_yang', 'dongmen')).toContain('food_stall');
  });
});

describe('a wage that follows the employer’s purse', () => {
  const of = <T extends Event['type']>(events: Event[], type: T) => events.filter((e): e is Extract<Event, { type: T }> => e.type === type);
  function hired(): void {
    place(s, 'ma_dahai', 'construction_site');
    place(s, 'lao_chen', 'construction_site');
    s.actors.lao_chen.money = 1000;
    const r = act(cat, s, call('ma_dahai', 'interact', { target: 'lao_chen', manner: 'negotiate', content: { key: 'say.ask_work' } }));
    expect(r.failed).toBeNull();
  }
  const work = () => act(cat, s, call('ma_dahai', 'use_resource', { resource: 'energy', amount: 35, purpose: 'work' }));

  it.each([
    [3000, 180], // a tenth would be 300: never above the wage
    [1000, 100], // a tenth of the purse
    [150, 20], // a tenth would be 15: the least the job pays
  ])('an employer holding %i pays %i', (purse, wage) => {
    hired();
    s.actors.lao_chen.money = purse;
    const r = work();
    expect(r.failed).toBeNull();
    expect(of(r.events, 'transfer')).toEqual([expect.objectContaining({ from: 'lao_chen', to: 'ma_dahai', amount: wage, reason: 'wage' })]);
    expect(s.actors.lao_chen.money).toBe(purse - wage);
  });

  it('an employer holding less than the least the job pays gets no work done', () => {
    hired();
    s.actors.lao_chen.money = 19;
    const r = work();
    expect(JSON.stringify(r.events)).toContain('narrative.no_pay');
    expect(of(r.events, 'transfer')).toEqual([]);
    expect(s.actors.lao_chen.money).toBe(19);
  });

  it('the Judge refuses an engine that pays the full wage out of a thin purse, and accepts what the purse allows', () => {
    hired();
    const claim = (amount: number) =>
      judgeOne(
        cat,
        s,
        call('ma_dahai', 'use_resource', { resource: 'energy', amount: 35, purpose: 'work' }),
        consequence({
          world_changes: [{ type: 'resource_transfer', from: 'lao_chen', to: 'ma_dahai', resource: 'money', amount, reason: 'wage' }],
        }),
      );
    expect(claim(180).failed?.reason.code).toBe('not_yours');
    expect(s.actors.lao_chen.money).toBe(1000);
    expect(claim(100).failed).toBeNull();
    expect(s.actors.lao_chen.money).toBe(900);
  });
});

describe('validate names a sliding wage that cannot work', () => {
  it.each([
    ['a job with a source', (job: Json) => (job.sliding = { share: 0.1, min: 20 }), '$.jobs[0].sliding', 'pack.sliding_with_source'],
    [
      'a least wage above the wage',
      (job: Json) => {
        delete job.source;
        job.sliding = { share: 0.1, min: 500 };
      },
      '$.jobs[0].sliding.min',
      'pack.sliding_min_above_wage',
    ],
  ])('%s', async (_what, change, at, key) => {
    const bad = await copyScenario(SHENZHEN);
    parents.push(bad);
    await edit(bad, 'scenario.json', (j) => change(j.jobs[0]));
    const err = await loadScenario(bad).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ScenarioError);
    const hit = (err as ScenarioError).issues.filter((i) => i.file === 'scenario.json' && i.path === at);
    expect(hit).toHaveLength(1);
    expect(hit[0].reason).toMatchObject({ key });
  });
});
