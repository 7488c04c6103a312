import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TickJudge } from '../sim/judge/judge.ts';
import { canonicalJson } from '../sim/lib/canonical.ts';
import { MetricsFold } from '../sim/metrics/fold.ts';
import type { Event } from '../sim/model/events.ts';
import { needLevel, needResource } from '../sim/model/needs.ts';
import { Item, type Need } from '../sim/model/scenario.ts';
import { buildCatalog, type Catalog } from '../sim/scenario/catalog.ts';
import { ScenarioError } from '../sim/scenario/errors.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { packWarnings } from '../sim/scenario/warnings.ts';
import { initialState } from '../sim/state/initial.ts';
import { applyEvent } from '../sim/state/apply.ts';
import { indexPlaces } from '../sim/state/place-index.ts';
import { World } from '../sim/world.ts';
import { memoryStore } from '../adapters/store/memory.ts';
import { policyBrain } from '../bots/brains/policy/index.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { sliceFor } from '../world-engine/slice.ts';
import { Renderer } from '../sim/i18n/render.ts';
import { describeEvent } from '../sim/i18n/describe.ts';
import { translator } from '../sim/i18n/translator.ts';
import { brainMessages } from '../bots/brains/llm/prompt.ts';
import { perceive } from '../bots/perception.ts';
import { engineMessages } from '../world-engine/llm/prompt.ts';
import { Views } from '../adapters/server/views.ts';
import { offlineNarrator } from '../world-engine/narrator/offline.ts';
import { call, consequence, fresh, judgeOne, ROOT, runFor, shenzhen } from './helpers/world.ts';

/**
 * A pack that declares a need beyond energy (README, "Writing a scenario", needs): air, lost over a day's
 * waking hours three times over, and a tank of it that gives back 60. `sold`: every place sells the tank.
 */
async function airPack(atZero: Need['atZero'], sold: boolean): Promise<Catalog> {
  const base = (await shenzhen()).scenario;
  const air: Need = { id: 'air', name: { cn: '空气', en: 'air' }, max: 100, perDay: 300, atZero };
  const tank = Item.parse({ id: 'air_tank', name: { cn: '气罐', en: 'air tank' }, price: 1, satisfies: { air: 60 } });
  const meta = {
    ...base.meta,
    items: [...base.meta.items, tank],
    rules: { ...base.meta.rules, needs: { ...base.meta.rules.needs, more: [air] } },
  };
  const places = base.places.map((p) => ({ ...p, sells: sold ? [...p.sells, tank.id] : p.sells }));
  return buildCatalog({ ...base, meta, places });
}

const AIR = needResource('air');
const TICKS = 150;

describe('a need the pack declares (air)', () => {
  it('runs down with waking time, is warned of in order, and with nothing to breathe the body collapses, never dies of it', async () => {
    const cat = await airPack('collapse', false);
    // validate warns of it, and still runs the pack
    expect(packWarnings(cat.scenario).map((w) => `${w.path} ${'key' in w.reason ? w.reason.key : ''}`)).toContain(
      '$.rules.needs.more[0] pack.need_out_of_reach',
    );
    expect(
      packWarnings((await airPack('collapse', true)).scenario).some((w) => 'key' in w.reason && w.reason.key === 'pack.need_out_of_reach'),
    ).toBe(false);
    const { world, events } = await runFor(cat.scenario, 5, TICKS);
    const air = cat.needs.get('air')!;
    // every body charged lost air, in whole units, as hunger is charged
    const lost = events.filter((e) => e.type === 'needs' && (e.more?.air ?? 0) < 0);
    expect(lost.length).toBeGreaterThan(0);
    for (const e of lost) expect(Number.isInteger(e.type === 'needs' && e.more!.air)).toBe(true);
    // a body's warnings come low, then very low, then critical
    const warned = new Map<string, string[]>();
    for (const e of events) if (e.type === 'warned' && e.need === 'air') warned.set(e.actor, [...(warned.get(e.actor) ?? []), e.level]);
    expect(warned.size).toBeGreaterThan(0);
    for (const levels of warned.values()) expect(['low', 'very_low', 'critical'].slice(0, levels.length)).toEqual(levels);
    // empty, it collapses (the declared effect), and comes round: air never kills
    const out = events.flatMap((e) => (e.type === 'status_changed' && e.reason === 'need_out' ? [e] : []));
    expect(out.length).toBeGreaterThan(0);
    for (const e of out) expect(e.to).toBe('unconscious');
    expect(events.some((e) => e.type === 'status_changed' && e.to === 'alive' && out.some((o) => o.actor === e.actor))).toBe(true);
    expect(events.some((e) => e.type === 'status_changed' && e.to === 'dead')).toBe(false);
    // the state's level is what the log says
    const anyone = out[0].actor;
    expect(needLevel(air, world.state.actors[anyone])).toBeLessThan(air.max);
    // the health report's collapsed share counts a need's collapse (it reads status)
    const fold = new MetricsFold(cat, initialState(cat, 5, null));
    const byTick = new Map<number, Event[]>();
    for (const e of events) byTick.set(e.tick, [...(byTick.get(e.tick) ?? []), e]);
    const rows = [...byTick.values()].map((b) => fold.add(b));
    expect(Math.max(...rows.map((r) => r.collapsed))).toBeGreaterThan(0);
  }, 120_000);

  it('at zero deals what the pack declares instead: weakness, or one of its harm tags', async () => {
    const weak = await runFor((await airPack('weak', false)).scenario, 5, TICKS);
    expect(weak.events.some((e) => e.type === 'tag_added' && e.tag === 'weak')).toBe(true);
    expect(weak.events.some((e) => e.type === 'status_changed' && e.reason === 'need_out')).toBe(false);
    const hurt = await runFor((await airPack({ harm: 'bruised' }, false)).scenario, 5, TICKS);
    expect(hurt.events.some((e) => e.type === 'tag_added' && e.tag === 'bruised')).toBe(true);
  }, 120_000);

  it('using what satisfies it raises it (and lifts its warning); the Judge gives it for nothing else', async () => {
    const cat = await airPack('collapse', true);
    const s = fresh(cat);
    const me = 'lin_feng';
    s.actors[me].needsLost = { air: 80 };
    s.actors[me].warned = [{ level: 'very_low', below: 25, need: 'air', max: 100 }];
    s.actors[me].inventory.air_tank = 1;
    // the rules engine's answer to using the tank, judged: one tank gone, air up by what it gives
    const use = call(me, 'use_resource', { resource: 'item:air_tank', amount: 1, purpose: 'eat' });
    const judge = new TickJudge(cat, s, 1);
    const q = ruleEngine().resolve(cat, sliceFor(cat, s, indexPlaces(cat, s), 1, use), use);
    expect(judge.call(use, { ok: true, consequence: 'world_changes' in q ? q : consequence() })).toBeNull();
    expect(judge.events).toContainEqual(expect.objectContaining({ type: 'resource_changed', actor: me, resource: AIR, delta: 60 }));
    expect(needLevel(cat.needs.get('air')!, s.actors[me])).toBe(80);
    expect(s.actors[me].inventory.air_tank ?? 0).toBe(0);
    expect(s.actors[me].warned).toEqual([]);
    // the offline narrator tells the one who used it, in words
    const told = offlineNarrator().narrate({ cat, state: s, actor: me, tick: 1, events: judge.events }) as { cn: string; en: string };
    expect(told.en).toContain('Your air is 60 better');
    expect(told.cn).toContain('你的空气补上了 60');
    // not in hand but on sale here: bought and used in the one call
    const u = fresh(cat);
    u.actors[me].needsLost = { air: 80 };
    const money = u.actors[me].money;
    const j2 = new TickJudge(cat, u, 1);
    const q2 = ruleEngine().resolve(cat, sliceFor(cat, u, indexPlaces(cat, u), 1, use), use);
    expect(j2.call(use, { ok: true, consequence: 'world_changes' in q2 ? q2 : consequence() })).toBeNull();
    expect(needLevel(cat.needs.get('air')!, u.actors[me])).toBe(80);
    expect([u.actors[me].money, u.actors[me].inventory.air_tank ?? 0]).toEqual([money - 1, 0]);
    // a player reads the warning in their own language, naming the need
    const r = new Renderer('en', cat, s);
    s.actors[me].player = { acted: 0 } as never;
    expect(describeEvent(r, { type: 'warned', actor: me, need: 'air', level: 'low', below: 50, max: 100, tick: 1, seq: 0 })).toContain(
      'air',
    );
    // hostile: air from words, air for another, a need nobody declared, more than the tank gives
    const t = fresh(cat);
    t.actors[me].needsLost = { air: 90 };
    t.actors[me].inventory.air_tank = 1;
    const gain = (over: object, resource_changes: Record<string, number> = { 'item:air_tank': -1 }) =>
      judgeOne(
        cat,
        t,
        use,
        consequence({ resource_changes, world_changes: [{ type: 'need_gain', actor: me, need: 'air', amount: 60, reason: 'x', ...over }] }),
      ).failed?.reason.code;
    expect(gain({}, {})).toBe('need_unmet');
    expect(gain({ amount: 61 })).toBe('need_unmet');
    expect(gain({ actor: 'fang_lan' })).toBe('not_yours');
    expect(gain({ need: 'warmth' })).toBe('unknown_need');
    expect(gain({ need: '__proto__' })).toBe('unknown_need');
  });

  it('the language-model brain, the world engine and the dashboard are told each need, its level and what restores it', async () => {
    const cat = await airPack('collapse', true);
    const s = fresh(cat);
    s.actors.lin_feng.needsLost = { air: 70 };
    const user = brainMessages(cat, perceive(cat, s, indexPlaces(cat, s), 'lin_feng', 1), 'en')[1].content as string;
    expect(user).toContain('air 30/100 ([air_tank])');
    const use = call('lin_feng', 'use_resource', { resource: 'item:air_tank', amount: 1, purpose: 'eat' });
    const [system, situation] = engineMessages(cat, translator('en'), 'en', sliceFor(cat, s, indexPlaces(cat, s), 1, use), use);
    expect(system.content).toContain('air 0..100 (air_tank +60)');
    expect(situation.content).toContain('"needs":{"air":30}');
    // the dashboard's inspector shows each need beside energy, by name; a pack without needs shows none
    const body = new Views(cat, s, new Map()).actorDetail(s.actors.lin_feng, null).body;
    expect(body.needs).toEqual([{ id: 'air', name: { cn: '空气', en: 'air' }, level: 30, max: 100 }]);
    expect(new Views(cat, s, new Map()).actorSummary(s.actors.lin_feng).needs).toEqual(body.needs);
    expect(
      new Views(await shenzhen(), fresh(await shenzhen()), new Map()).actorDetail(fresh(await shenzhen()).actors.lin_feng, null).body.needs,
    ).toBeUndefined();
    // a pack without needs is told nothing of them
    const plain = await shenzhen();
    const t = fresh(plain);
    expect(engineMessages(plain, translator('en'), 'en', sliceFor(plain, t, indexPlaces(plain, t), 1, use), use)[0].content).not.toContain(
      'need_gain',
    );
  });

  it('the policy brain keeps its air up where it can buy it: nobody who could pay collapses for want of it', async () => {
    const cat = await airPack('collapse', true);
    const { world, events } = await runFor(cat.scenario, 5, TICKS);
    const air = cat.needs.get('air')!;
    expect(events.filter((e) => e.type === 'resource_changed' && e.resource === AIR && e.delta > 0).length).toBeGreaterThan(10);
    // whoever still ran out had not the price of a tank in hand as the tick began (a wage may come in it)
    const s = initialState(cat, 5, null);
    let out = 0;
    let tick = -1;
    let purse = new Map<string, number>();
    for (const e of events) {
      if (e.tick !== tick) [tick, purse] = [e.tick, new Map(Object.values(s.actors).map((a) => [a.id, a.money]))];
      if (e.type === 'status_changed' && e.reason === 'need_out') {
        out++;
        expect(purse.get(e.actor), `${e.actor} at tick ${e.tick}`).toBeLessThan(1);
      }
      applyEvent(s, e);
    }
    expect(out).toBeLessThan(5);
    const living = Object.values(world.state.actors).filter((a) => a.status === 'alive');
    expect(living.filter((a) => needLevel(air, a) > 0).length).toBe(living.length);
  }, 120_000);

  it('a run replays to the same world, and runs again to the same log', async () => {
    const cat = await airPack('weak', true);
    const store = memoryStore();
    const open = () => World.open({ scenario: cat.scenario, seed: 7, population: null, store, brain: policyBrain(), engine: ruleEngine() });
    const w = await open();
    for (let i = 0; i < 80; i++) await w.step();
    const live = canonicalJson(w.state);
    await w.close();
    const again = await open();
    expect(canonicalJson(again.state)).toBe(live);
    await again.close();
    const a = await runFor(cat.scenario, 7, 80);
    const b = await runFor(cat.scenario, 7, 80);
    expect(canonicalJson(a.events)).toBe(canonicalJson(b.events));
    expect(live).toContain('"needsLost"');
  }, 120_000);
});

describe('validate holds a pack to its needs', () => {
  let dir = '';
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('names a need nothing satisfies, an unknown need an item satisfies (with the choices), and an unknown harm', async () => {
    dir = await mkdtemp(path.join(process.env.TMPDIR ?? tmpdir(), 'astinus-needs-'));
    await cp(path.join(ROOT, 'scenarios', 'shenzhen'), dir, { recursive: true });
    const file = path.join(dir, 'scenario.json');
    const s = JSON.parse(await readFile(file, 'utf8'));
    s.rules.needs.more = [
      { id: 'air', name: { cn: '空气', en: 'air' }, max: 100, perDay: 300, atZero: 'collapse' },
      { id: 'warmth', name: { cn: '温暖', en: 'warmth' }, max: 50, perDay: 20, atZero: { harm: 'frostbite' } },
      { id: 'energy', name: { cn: '体力', en: 'energy' }, max: 50, perDay: 20, atZero: 'weak' },
    ];
    s.items.push({ id: 'air_tank', name: { cn: '气罐', en: 'air tank' }, price: 1, satisfies: { oxygen: 5 } });
    await writeFile(file, JSON.stringify(s));
    const err = await loadScenario(dir).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ScenarioError);
    const issues = (err as ScenarioError).issues;
    const said = issues.map((i) => `${i.file} ${i.path} ${'key' in i.reason ? i.reason.key : i.reason.text}`);
    const n = s.items.length - 1;
    expect(said).toEqual(
      expect.arrayContaining([
        'scenario.json $.rules.needs.more[0] pack.nothing_satisfies',
        'scenario.json $.rules.needs.more[1] pack.nothing_satisfies',
        'scenario.json $.rules.needs.more[1].atZero.harm pack.unknown_harm_tag',
        'scenario.json $.rules.needs.more[2].id pack.need_is_energy',
        `scenario.json $.items[${n}].satisfies.oxygen pack.unknown_need`,
      ]),
    );
    const unknown = issues.find((i) => i.path === `$.items[${n}].satisfies.oxygen`)!;
    expect('key' in unknown.reason && unknown.reason.params).toMatchObject({ id: 'oxygen', known: expect.stringContaining('air') });
  });
});
