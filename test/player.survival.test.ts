import { asking } from './helpers/requests.ts';
import { JOIN } from '../sim/tick/requests.ts';
import { describe, expect, it } from 'vitest';
import { policyBrain } from '../bots/brains/policy/index.ts';
import { PlayerQueue } from '../bots/brains/player.ts';
import { heldJob } from '../sim/model/jobs.ts';
import { burnt } from '../sim/model/needs.ts';
import { asleep } from '../sim/model/clock.ts';
import type { Event } from '../sim/model/events.ts';
import type { ToolCall } from '../sim/model/tools.ts';
import { buildCatalog, type Catalog, onSale } from '../sim/scenario/catalog.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { Renderer } from '../sim/i18n/render.ts';
import { describeEvent } from '../sim/i18n/describe.ts';
import { lineOf } from '../sim/story/lines.ts';
import { memoryStore } from '../adapters/store/memory.ts';
import { World } from '../sim/world.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { ROOT } from './helpers/world.ts';

/**
 * A player at the served speed: one tick a second, so 600 ticks are ten minutes of someone's
 * evening. Acting sensibly must keep them alive without eating every few seconds, and ignoring
 * their body must be told to them, in order, before it harms them.
 */
const ME = 'player-1';

async function open(pack: string, at: string, seed = 5) {
  const scenario = await loadScenario(`${ROOT}scenarios/${pack}`);
  const queue = new PlayerQueue();
  const w = await World.open({
    scenario,
    seed,
    population: null,
    store: memoryStore(),
    brain: policyBrain(),
    engine: ruleEngine(),
    players: queue,
  });
  const events = await w.step(asking(JOIN, [{ actor: ME, name: { cn: '阿达', en: 'Ada' }, concept: 'a newcomer', place: at }]));
  expect(w.state.actors[ME]).toBeTruthy();
  return { w, queue, log: [...events] };
}

/** the pack's word whose mechanism is `does` (a purpose or a manner) */
function word(cat: Catalog, kind: 'purposes' | 'manners', does: string): string {
  return Object.entries(cat.scenario.vocabulary[kind]).find(([, v]) => v.does === does)![0];
}

let n = 0;
const call = (tool: ToolCall['tool'], args: unknown) => ({ id: `s${n++}`, actor: ME, tool, args }) as ToolCall;

/** The food on sale here the player can pay for, best first; none when nothing is. */
function foodHere(cat: Catalog, place: string, tick: number, money: number) {
  return onSale(cat, place, tick)
    .map((i) => cat.items.get(i)!)
    .filter((i) => i.energy > 0 && i.price <= money)
    .sort((a, b) => b.energy - a.energy || a.price - b.price)[0];
}

/**
 * Eats when the last warning says hungry (or energy runs low), buying food where it is sold (or
 * walking to where it is); gets hired and works now and then; wanders off and back sometimes.
 */
function sensible(w: World, log: Event[], job: { id: string; employer: string; place: string; energy: number }): ToolCall | null {
  const cat = w.cat;
  const me = w.state.actors[ME];
  const tick = w.state.tick + 1;
  const max = cat.scenario.meta.rules.needs.energyMax;
  const mine = log.filter((e) => 'actor' in e && e.actor === ME);
  const lastMeal = mine.findLast((e) => e.type === 'resource_changed' && e.reason === 'food')?.tick ?? -1;
  const warned = mine.findLast((e) => e.type === 'warned' && e.tick > lastMeal);
  // hungry: eat a proper meal (a few bites on consecutive ticks, up to well fed) before anything else
  const eating = lastMeal === w.state.tick;
  if (warned || me.energy < 0.3 * max || (eating && me.energy < 0.7 * max)) {
    const food = foodHere(cat, me.location, tick, me.money);
    if (food) return call('use_resource', { resource: 'money', amount: food.price, purpose: word(cat, 'purposes', 'eat') });
    const to = cat.places.get(me.location)!.links.find((l) => foodHere(cat, l.to, tick, me.money));
    if (to) return call('move', { destination: to.to, mode: 'walk' });
  }
  const hired = heldJob(me.tags);
  const boss = w.state.actors[job.employer];
  if (!hired && boss.location === me.location && boss.status === 'alive') {
    return call('interact', { target: job.employer, manner: word(cat, 'manners', 'bargain'), content: { key: 'say.ask_work' } });
  }
  if (me.location !== job.place) return call('move', { destination: job.place, mode: 'walk' });
  const lastWork =
    mine.findLast((e) => e.type === 'action' && e.call.tool === 'use_resource' && e.call.args.purpose === word(cat, 'purposes', 'work'))
      ?.tick ?? -999;
  const day = cat.scenario.vocabulary.time.ticksPerDay;
  if (hired && me.energy >= job.energy + 0.3 * max && tick - lastWork > day / 2) {
    return call('use_resource', { resource: 'energy', amount: job.energy, purpose: word(cat, 'purposes', 'work') });
  }
  // a stroll to the next place now and then; the way back is the rule above
  if (tick % 50 === 0) return call('move', { destination: cat.places.get(me.location)!.links[0].to, mode: 'walk' });
  return null;
}

async function liveSensibly(pack: string, jobId: string) {
  const cat = buildCatalog(await loadScenario(`${ROOT}scenarios/${pack}`));
  const job = cat.scenario.meta.jobs.find((j) => j.id === jobId)!;
  const { w, queue, log } = await open(pack, job.place);
  for (let i = 0; i < 600; i++) {
    const c = sensible(w, log, job);
    if (c) queue.put(c);
    log.push(...(await w.step()));
  }
  await w.close();
  const mine = log.filter((e) => 'actor' in e && e.actor === ME);
  const eaten = mine.filter((e) => e.type === 'resource_changed' && e.resource === 'energy' && e.delta > 0 && e.reason === 'food');
  // a meal is a sitting: what is eaten on consecutive ticks
  const sittings = eaten.filter((m, i) => i === 0 || eaten[i - 1].tick !== m.tick - 1).length;
  return { w, mine, sittings, days: 600 / cat.scenario.vocabulary.time.ticksPerDay };
}

describe('a player who looks after their body', () => {
  for (const [pack, job] of [
    ['shenzhen', 'site_labour'],
    ['riverford', 'dock_hauling'],
  ] as const) {
    it(`stays alive and free for 600 ticks in ${pack}, on a few meals a day`, async () => {
      const { w, mine, sittings, days } = await liveSensibly(pack, job);
      const harm = mine.filter((e) => e.type === 'status_changed');
      expect(harm, JSON.stringify(harm)).toEqual([]);
      expect(w.state.actors[ME].status).toBe('alive');
      // a meal means something: a few a day keep a body going, not one every few seconds
      expect(sittings).toBeGreaterThan(0);
      expect(sittings / days).toBeLessThanOrEqual(5);
      // and it did things besides eating: it worked
      const work = word(w.cat, 'purposes', 'work');
      expect(mine.some((e) => e.type === 'action' && e.call.tool === 'use_resource' && e.call.args.purpose === work)).toBe(true);
    }, 120_000);
  }
});

describe('energy burns by the day', () => {
  it("charges a pack's energyPerDay over each day's waking ticks, in whole units, however often it is charged", async () => {
    for (const pack of ['shenzhen', 'riverford', 'vesta_ring']) {
      const cat = buildCatalog(await loadScenario(`${ROOT}scenarios/${pack}`));
      const time = cat.scenario.vocabulary.time;
      const perDay = cat.scenario.meta.rules.needs.energyPerDay;
      const day = time.ticksPerDay;
      expect(burnt(perDay, 0, day, time)).toBe(perDay);
      expect(burnt(perDay, 3 * day, 4 * day, time)).toBe(perDay);
      // tick by tick, or in uneven steps: the same total
      let each = 0;
      for (let t = 0; t < 2 * day; t++) each += burnt(perDay, t, t + 1, time);
      const steps = [0, 7, 30, 31, 100, 2 * day];
      const uneven = steps.slice(1).reduce((sum, t, i) => sum + burnt(perDay, steps[i], t, time), 0);
      expect([each, uneven]).toEqual([2 * perDay, 2 * perDay]);
      // sleep costs nothing
      for (let t = 0; t < day; t++) if (asleep(t, time)) expect(burnt(perDay, t, t + 1, time)).toBe(0);
    }
  });
});

describe('a player who never eats', () => {
  it('is warned hungry, then exhausted, then collapsing, each committed for them, before any harm', async () => {
    const { w, queue, log } = await open('shenzhen', 'dongmen');
    for (let i = 0; i < 400 && w.state.actors[ME].status === 'alive'; i++) {
      // busy with anything but food: walking about now and then, and chatting to whoever is there
      const me = w.state.actors[ME];
      const here = w.cat.places.get(me.location)!;
      const other = Object.values(w.state.actors).find((a) => a.id !== ME && a.location === me.location && a.status === 'alive');
      if (i % 10 === 9) queue.put(call('move', { destination: here.links[0].to, mode: 'walk' }));
      else if (other && i % 10 === 4)
        queue.put(call('interact', { target: other.id, manner: word(w.cat, 'manners', 'befriend'), content: { key: 'topic.food' } }));
      log.push(...(await w.step()));
    }
    const mine = log.filter((e) => 'actor' in e && e.actor === ME);
    const firstHarm = mine.findIndex((e) => e.type === 'status_changed');
    expect(firstHarm).toBeGreaterThan(0);
    const warnings = mine.slice(0, firstHarm).filter((e) => e.type === 'warned');
    expect(warnings.map((e) => e.type === 'warned' && e.level)).toEqual(['hungry', 'exhausted', 'collapsing']);
    // well before: each warning ticks ahead of the next, and the last well ahead of the collapse
    const ticks = warnings.map((e) => e.tick);
    expect(ticks[0]).toBeLessThan(ticks[1]);
    expect(ticks[1]).toBeLessThan(ticks[2]);
    expect(mine[firstHarm].tick - ticks[2]).toBeGreaterThanOrEqual(10);
    // every warning reads as a line in both languages
    for (const lang of ['en', 'cn'] as const) {
      const lines = warnings.map((e) => describeEvent(new Renderer(lang, w.cat, w.state), e));
      for (const line of lines) expect(line).toContain(lang === 'en' ? 'Ada' : '阿达');
      expect(new Set(lines).size).toBe(3);
    }
    // and the player's own story tells them, as lines about their body
    const r = new Renderer('en', w.cat, w.state);
    expect(warnings.map((e) => lineOf(r, { me: ME, cause: null }, e)?.[0])).toEqual(['body', 'body', 'body']);
    await w.close();
  }, 120_000);

  it('is warned even while doing nothing: the body keeps time with the world', async () => {
    const { w, log } = await open('shenzhen', 'dongmen');
    for (let i = 0; i < 200; i++) log.push(...(await w.step()));
    const warned = log.filter((e) => e.type === 'warned' && e.actor === ME);
    expect(warned.map((e) => e.type === 'warned' && e.level)).toContain('hungry');
    expect(w.state.actors[ME].energy).toBeLessThan(w.cat.scenario.meta.rules.players.energy!);
    // bots' warnings are committed too, but stay out of the public feed: only a player's read as a line
    const r = new Renderer('en', w.cat, w.state);
    const bots = log.filter((e) => e.type === 'warned' && e.actor !== ME);
    expect(bots.length).toBeGreaterThan(0);
    expect(bots.map((e) => describeEvent(r, e))).toEqual(bots.map(() => null));
    expect(describeEvent(r, warned[0])).toContain('Ada');
    await w.close();
  }, 120_000);

  it('once fed after collapsing, the body loses its collapsed mark', async () => {
    const { w, queue, log } = await open('shenzhen', 'dongmen');
    const eat = word(w.cat, 'purposes', 'eat');
    let fed = false;
    for (let i = 0; i < 400; i++) {
      const me = w.state.actors[ME];
      // starve until collapsed, then eat as soon as one has come round
      if (me.tags.includes('collapsed') && me.status === 'alive') {
        const food = foodHere(w.cat, me.location, w.state.tick + 1, me.money)!;
        queue.put(call('use_resource', { resource: 'money', amount: food.price, purpose: eat }));
        fed = true;
      }
      log.push(...(await w.step()));
      if (fed && !w.state.actors[ME].tags.includes('collapsed')) break;
    }
    const mine = log.filter((e) => 'actor' in e && e.actor === ME);
    expect(mine.some((e) => e.type === 'tag_added' && e.tag === 'collapsed')).toBe(true);
    expect(mine.some((e) => e.type === 'tag_removed' && e.tag === 'collapsed')).toBe(true);
    expect(w.state.actors[ME].status).toBe('alive');
    await w.close();
  }, 120_000);
});
