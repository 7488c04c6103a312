import { beforeAll, describe, expect, it } from 'vitest';
import { scored } from '../bots/brains/policy/index.ts';
import { CLOSED_DAYS } from '../bots/lessons.ts';
import { perceive } from '../bots/perception.ts';
import { judgeDirector, residents } from '../sim/judge/director.ts';
import { runClock } from '../sim/judge/clock.ts';
import { TickJudge } from '../sim/judge/judge.ts';
import { proposers, validateChange } from '../sim/judge/changes.ts';
import type { DirectorProposal } from '../sim/model/director.ts';
import type { EventOf } from '../sim/model/events.ts';
import { WARNINGS, warnBelow } from '../sim/model/needs.ts';
import { msg } from '../sim/model/text.ts';
import { Renderer } from '../sim/i18n/render.ts';
import { buildCatalog, type Catalog } from '../sim/scenario/catalog.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { initialState } from '../sim/state/initial.ts';
import { indexPlaces } from '../sim/state/place-index.ts';
import type { WorldState } from '../sim/state/types.ts';
import { REPO } from './helpers/cli.ts';

/**
 * What keeps a world alive past its first day (sim/metrics/README.md, Health): the director's
 * newcomers are bounded, named and paid by the pack, and move on when they find nothing; money
 * sources keep to their daily budgets; a thing nobody came to is not opened again at once.
 */
let cat: Catalog;
beforeAll(async () => {
  cat = buildCatalog(await loadScenario(`${REPO}scenarios/shenzhen`));
});

const arrival = (): DirectorProposal => ({
  template: 'stranger_arrives',
  place: 'luohu_station',
  one: null,
  aim: 'raise',
  why: msg('director.why.raise', { tension: 4, low: 30, high: 70, name_cn: 'x', name_en: 'x' }),
});

/** One tick of the Judge: the director's proposal judged and its events folded into the state. */
function stage(s: WorldState, tick: number) {
  const judge = new TickJudge(cat, s, tick);
  const reason = judgeDirector(judge, cat.scenario.director!, arrival(), { tension: 4, measures: {} });
  s.tick = tick;
  return { reason, events: judge.events };
}

/** What the Judge's clock alone does to one actor's status at a tick. */
function statusChanges(s: WorldState, id: string, tick: number) {
  const judge = new TickJudge(cat, s, tick);
  runClock(cat, s, tick, judge, []);
  return judge.events.filter((e) => e.type === 'status_changed' && e.actor === id);
}
describe("the director's newcomers", () => {
  it("come under the pack's names with a purse from its source, until the residents reach its bound", () => {
    const s = initialState(cat, 1, null);
    const most = cat.scenario.director!.arrivals.most!;
    const names: string[] = [];
    let tick = 10;
    // as many as the pack has room for, each after the cooldown
    for (let i = 0; i < most - 16; i++, tick += 40) {
      const { reason, events } = stage(s, tick);
      expect(reason).toBeNull();
      const came = events.find((e): e is EventOf<'intervened'> => e.type === 'intervened' && e.kind === 'arrive')!;
      const purse = events.find((e): e is EventOf<'money_created'> => e.type === 'money_created')!;
      expect(purse).toMatchObject({ to: came.actor, amount: 300, source: 'savings' });
      expect(s.actors[came.actor!].money).toBe(300);
      names.push(new Renderer('en', cat, s).actor(came.actor!));
    }
    expect(new Set(names).size).toBe(names.length);
    expect(names[0]).toBe('He Zhiming');
    // the next one finds no room: refused, nothing but the record committed
    const { reason, events } = stage(s, tick);
    expect(reason?.code).toBe('director_no_room');
    expect(events.map((e) => e.type)).toEqual(['director_proposed']);
  });

  it('are bounded in proportion in a world made with --population, however its first people move', () => {
    const s = initialState(cat, 1, 32);
    const most = cat.scenario.director!.arrivals.most!;
    expect(residents(cat, cat.scenario.director!, s)).toEqual({ now: 32, most: Math.floor((most * 32) / 16) });
    // a move sets when one arrived at a place: it must not make anyone a newcomer
    for (const a of Object.values(s.actors)) a.arrivedAt = 50;
    expect(residents(cat, cat.scenario.director!, s).most).toBe(Math.floor((most * 32) / 16));
  });

  it('leave when, their days up, they have no job and cannot pay for a meal', () => {
    const s = initialState(cat, 1, null);
    const { events } = stage(s, 10);
    const id = events.find((e): e is EventOf<'intervened'> => e.type === 'intervened')!.actor!;
    const after = cat.scenario.director!.arrivals.leaveAfter;
    const clock = (tick: number) => statusChanges(s, id, tick);
    s.actors[id].money = 0;
    expect(clock(10 + after - 1)).toEqual([]);
    // one who earns a meal's price stays
    s.actors[id].money = cat.levels.meal;
    expect(clock(10 + after)).toEqual([]);
    s.actors[id].money = 0;
    expect(clock(10 + after + 1)).toMatchObject([{ to: 'restrained_permanent', reason: 'left' }]);
    expect(new Renderer('en', cat, s).actor(id)).toBe('He Zhiming');
  });

  it('leave sooner, rather than collapse, once hunger is about to fell them with no job and no meal money', () => {
    const s = initialState(cat, 1, null);
    const { events } = stage(s, 10);
    const id = events.find((e): e is EventOf<'intervened'> => e.type === 'intervened')!.actor!;
    const left = (tick: number) => statusChanges(s, id, tick);
    const faint = warnBelow(WARNINGS[WARNINGS.length - 1].below, cat.scenario.meta.rules.needs.energyMax);
    s.actors[id].money = 0;
    s.actors[id].energy = faint;
    expect(left(20)).toEqual([]);
    // a meal's price in the purse: they can still eat, and stay
    s.actors[id].energy = faint - 1;
    s.actors[id].money = cat.levels.meal;
    expect(left(21)).toEqual([]);
    s.actors[id].money = 0;
    expect(left(22)).toMatchObject([{ to: 'restrained_permanent', reason: 'left' }]);
  });
});

describe('a money source with a daily budget', () => {
  it('pays up to its budget in a day, refuses past it, and pays again the next day', () => {
    const s = initialState(cat, 1, null);
    const budget = cat.budgets.get('stall_sales')!;
    const owner = Object.keys(s.actors)[0];
    const perDay = cat.scenario.vocabulary.time.ticksPerDay;
    // a made stall of the owner's, paying what its template declares
    const tpl = cat.scenario.templates.find((t) => t.effects.some((e) => e.type === 'income' && e.source === 'stall_sales'))!;
    const most = (tpl.effects.find((e) => e.type === 'income') as { max: number }).max;
    s.entities.test_stall = {
      id: 'test_stall',
      template: tpl.id,
      owner,
      location: s.actors[owner].location,
      createdAt: 0,
      properties: {},
    } as never;
    const sell = (tick: number) => {
      const judge = new TickJudge(cat, s, tick);
      const reason = judge.judged(proposers.effect('test_stall', s.actors[owner].location), (d) =>
        validateChange(
          d,
          { type: 'money_source', to: owner, amount: most, source: 'stall_sales' },
          proposers.effect('test_stall', s.actors[owner].location),
        ),
      );
      s.tick = tick;
      return reason;
    };
    let paid = 0;
    const tick = perDay;
    while (paid + most <= budget) {
      expect(sell(tick)).toBeNull();
      paid += most;
    }
    expect(sell(tick)?.code).toBe('budget_spent');
    expect(sell(tick + perDay)).toBeNull();
  });
});

describe('a thing nobody came to', () => {
  it('is not opened again by its owner for some days (CLOSED_DAYS)', () => {
    const s = initialState(cat, 1, null);
    const teacher = Object.values(s.actors).find((a) => cat.words.permits(a.roles, 'teach'))!;
    teacher.energy = 100;
    teacher.money = 10_000;
    // every option the brain weighs, not only the one it picks: a closed class must not be among them
    const decide = (tick: number) => {
      s.tick = tick - 1;
      const offered = new Set<string>();
      for (const c of scored(cat, perceive(cat, s, indexPlaces(cat, s), teacher.id, tick), 1))
        if (c.call.tool === 'create') offered.add(c.call.args.what);
      return offered;
    };
    const classes = new Set(cat.scenario.templates.filter((t) => t.effects.some((e) => e.type === 'class')).map((t) => t.id));
    const made = [...decide(100)].find((w) => classes.has(w));
    expect(made).toBeDefined();
    teacher.closed = { [made!]: 100 };
    const perDay = cat.scenario.vocabulary.time.ticksPerDay;
    expect(decide(101).has(made!)).toBe(false);
    expect(CLOSED_DAYS).toBeGreaterThanOrEqual(2);
    expect(decide(100 + CLOSED_DAYS * perDay - 1).has(made!)).toBe(false);
    expect(decide(100 + CLOSED_DAYS * perDay).has(made!)).toBe(true);
  });
});
