import { asking } from './helpers/requests.ts';
import { JOIN } from '../sim/tick/requests.ts';
import { describe, expect, it } from 'vitest';
import { policyBrain } from '../bots/brains/policy/index.ts';
import { PlayerQueue } from '../bots/brains/player.ts';
import type { Brain } from '../bots/brains/types.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { Renderer } from '../sim/i18n/render.ts';
import { describeEvent } from '../sim/i18n/describe.ts';
import { translator } from '../sim/i18n/translator.ts';
import type { Event } from '../sim/model/events.ts';
import type { Rules } from '../sim/model/scenario.ts';
import type { ToolCall } from '../sim/model/tools.ts';
import { SummaryBuilder } from '../adapters/cli/summary.ts';
import { canonicalJson } from '../sim/lib/canonical.ts';
import { memoryStore } from '../adapters/store/memory.ts';
import { World } from '../sim/world.ts';
import { shenzhen } from './helpers/world.ts';

async function open(brain: Brain, players?: PlayerQueue, seed = 3) {
  const cat = await shenzhen();
  return World.open({ scenario: cat.scenario, seed, population: null, store: memoryStore(), brain, engine: ruleEngine(), players });
}

const join = (actor: string, place: string, name = 'Ada') => ({ actor, name: { cn: name, en: name }, concept: 'a painter', place });

describe('a player joins through a committed event', () => {
  it('enters at the next tick, where they asked, with books that still balance', async () => {
    const w = await open(policyBrain(), new PlayerQueue());
    await w.step();
    const events = await w.step(asking(JOIN, [join('player-1', 'huaqiangbei')]));
    const joined = events.find((e) => e.type === 'joined');
    expect(joined).toMatchObject({ actor: 'player-1', place: 'huaqiangbei', tick: 1 });
    const a = w.state.actors['player-1'];
    expect(a.location).toBe('huaqiangbei');
    expect(a.player?.name.en).toBe('Ada');
    expect(new Renderer('en', w.cat, w.state).actor('player-1')).toBe('Ada');
    expect(describeEvent(new Renderer('en', w.cat, w.state), joined!)).toContain('Ada');
    const s = events[events.length - 1];
    if (s.type !== 'tick_summary') throw new Error('no summary');
    // the purse is the pack's, booked under the source the pack declares for it
    expect(a.money).toBe(w.cat.scenario.meta.rules.players.money);
    expect(s.money.sources).toMatchObject({ [w.cat.scenario.meta.rules.players.source!]: a.money });
    expect(s.money.sources.joined).toBeUndefined();
    expect(s.money.before + s.money.created - s.money.destroyed).toBe(s.money.after);
    await w.close();
  });

  it('refuses an unknown place and a taken id, with reasons', async () => {
    const w = await open(policyBrain(), new PlayerQueue());
    const results: string[] = [];
    const events = await w.step(asking(JOIN, [join('player-1', 'atlantis'), join('lin_feng', 'huaqiangbei')], results));
    expect(events.some((e) => e.type === 'joined')).toBe(false);
    expect(results).toEqual(['unknown_place', 'join_taken']);
    // names every object answers to are no place and no free id
    const hostile = await w.step(
      asking(JOIN, [join('player-7', 'constructor'), join('player-8', '__proto__'), join('constructor', 'dongmen')]),
    );
    expect(hostile.some((e) => e.type === 'joined')).toBe(false);
    const blank = await w.step(asking(JOIN, [{ ...join('player-2', 'dongmen'), name: { cn: ' ', en: ' ' } }], results));
    expect(results[2]).toBe('join_name');
    expect(blank.some((e) => e.type === 'joined')).toBe(false);
    expect(w.state.actors['player-1']).toBeUndefined();
    await w.close();
  });

  it('replaying the log rebuilds the player', async () => {
    const cat = await shenzhen();
    const store = memoryStore();
    const w = await World.open({
      scenario: cat.scenario,
      seed: 3,
      population: null,
      store,
      brain: policyBrain(),
      engine: ruleEngine(),
      players: new PlayerQueue(),
    });
    await w.step(asking(JOIN, [join('player-1', 'dongmen')]));
    await w.step();
    const before = canonicalJson(w.state);
    const all: Event[] = [];
    for await (const e of store.readEvents(0, 10)) all.push(e);
    expect(all.filter((e) => e.type === 'joined')).toHaveLength(1);
    expect(before).toContain('"player"');
    await w.close();
  });
});

describe('joins are bounded', () => {
  /** Shenzhen with other join rules */
  async function openWith(players: Partial<Rules['players']>) {
    const cat = await shenzhen();
    const scenario = structuredClone(cat.scenario);
    Object.assign(scenario.meta.rules.players, players);
    return World.open({
      scenario,
      seed: 3,
      population: null,
      store: memoryStore(),
      brain: policyBrain(),
      engine: ruleEngine(),
      players: new PlayerQueue(),
    });
  }

  it('the Judge refuses joins beyond the cap, in one burst and later, and the money created stays cap x purse', async () => {
    const w = await openWith({ cap: 2, money: 300 });
    const results: string[] = [];
    const burst = await w.step(
      asking(JOIN, [join('player-1', 'dongmen'), join('player-2', 'dongmen'), join('player-3', 'dongmen')], results),
    );
    expect(results).toEqual(['ok', 'ok', 'join_full']);
    const later = await w.step(asking(JOIN, [join('player-4', 'dongmen')], results));
    expect(results.slice(3)).toEqual(['join_full']);
    expect(w.state.actors['player-3']).toBeUndefined();
    expect(w.state.actors['player-4']).toBeUndefined();
    const created = [burst, later]
      .flat()
      .filter((e) => e.type === 'tick_summary')
      .map((e) => (e.type === 'tick_summary' ? (e.money.sources.savings ?? 0) : 0));
    expect(created).toEqual([600, 0]);
    await w.close();
  });

  it('a dead player keeps their seat: the cap counts everyone who ever joined', async () => {
    const w = await openWith({ cap: 1 });
    await w.step(asking(JOIN, [join('player-1', 'dongmen')]));
    w.state.actors['player-1'].status = 'dead';
    const results: string[] = [];
    await w.step(asking(JOIN, [join('player-2', 'dongmen')], results));
    expect(results).toEqual(['join_full']);
    await w.close();
  });

  it('joins queued while joining is closed are refused with their reason', async () => {
    const w = await openWith({});
    const results: string[] = [];
    const events = await w.step(asking(JOIN, [{ ...join('player-1', 'dongmen'), closed: true as const }], results));
    expect(results).toEqual(['join_closed']);
    expect(events.some((e) => e.type === 'joined')).toBe(false);
    await w.close();
  });

  it('the run summary counts the joins and names the money they brought by its source', async () => {
    const w = await openWith({ cap: 3, money: 250 });
    const summary = new SummaryBuilder();
    summary.add(await w.step(asking(JOIN, [join('player-1', 'dongmen'), join('player-2', 'dongmen')])));
    summary.add(await w.step());
    expect(summary.joins.count).toBe(2);
    expect(summary.joins.money).toEqual({ savings: 500 });
    const line = summary.joins.line(translator('en'), new Renderer('en', w.cat, w.state));
    expect(line).toContain('2');
    expect(line).toContain(
      `${new Renderer('en', w.cat, w.state).text(w.cat.scenario.meta.rules.money.sources.find((s) => s.id === 'savings')!.name)} +500`,
    );
    expect(summary.bySource.savings).toBe(500);
    expect(summary.reconcile(w.state).exact).toBe(true);
    // a log written before purses had a source still adds up, under `joined`
    const old = new SummaryBuilder();
    old.addOne({
      type: 'joined',
      actor: 'p',
      name: { cn: 'P', en: 'P' },
      concept: '',
      place: 'dongmen',
      money: 900,
      energy: 75,
      tick: 0,
      seq: 0,
    });
    expect(old.joins.money).toEqual({ joined: 900 });
    await w.close();
  });

  it('a zero purse creates nothing and names no source', async () => {
    const w = await openWith({ money: 0, source: undefined, energy: undefined });
    const events = await w.step(asking(JOIN, [join('player-1', 'dongmen')]));
    const joined = events.find((e) => e.type === 'joined');
    expect(joined).toMatchObject({ money: 0, energy: w.cat.scenario.meta.rules.needs.energyMax });
    expect(joined && 'source' in joined).toBe(false);
    const s = events.find((e) => e.type === 'tick_summary');
    if (s?.type !== 'tick_summary') throw new Error('no summary');
    expect(Object.keys(s.money.sources)).not.toContain('savings');
    expect(Object.keys(s.money.sources)).not.toContain('joined');
    await w.close();
  });
});

describe("the player's calls go through the same Judge", () => {
  const call = (actor: string, tool: ToolCall['tool'], args: unknown, id = `${actor}:c`) => ({ id, actor, tool, args }) as ToolCall;

  it('a queued move is judged and committed like a bot move; nothing queued means nothing done', async () => {
    const asked: string[] = [];
    const spy: Brain = {
      name: 'spy',
      decide: (cat, p, seed) => {
        asked.push(p.self.id);
        return policyBrain().decide(cat, p, seed);
      },
    };
    const queue = new PlayerQueue();
    const w = await open(spy, queue);
    await w.step(asking(JOIN, [join('player-1', 'huaqiangbei')]));
    // due at the tick it joined, with nothing queued: no event of its own beyond joining
    expect(asked).not.toContain('player-1');
    const idle = await w.step();
    // others may speak to the newcomer; the newcomer does nothing of its own (its body still keeps
    // time: a player's needs are charged every tick, acting or not)
    const own = ['action', 'call_failed', 'moved'];
    expect(idle.filter((e) => own.includes(e.type) && 'actor' in e && e.actor === 'player-1')).toEqual([]);
    const to = w.cat.places.get('huaqiangbei')!.links[0].to;
    queue.put(call('player-1', 'move', { destination: to, mode: 'walk' }));
    const events = await w.step();
    expect(events.find((e) => e.type === 'action' && e.actor === 'player-1')).toBeTruthy();
    expect(events.find((e) => e.type === 'moved' && e.actor === 'player-1')).toMatchObject({ from: 'huaqiangbei', to });
    expect(w.state.actors['player-1'].location).toBe(to);
    expect(asked).not.toContain('player-1');
    await w.close();
  });

  it('a call the rules forbid comes back rejected with its in-world reason', async () => {
    const queue = new PlayerQueue();
    const w = await open(policyBrain(), queue);
    await w.step(asking(JOIN, [join('player-1', 'huaqiangbei')]));
    queue.put(call('player-1', 'use_resource', { resource: 'money', amount: 999999, purpose: 'gift', target: 'lin_feng' }));
    const events = await w.step();
    const failed = events.find((e) => e.type === 'call_failed' && e.actor === 'player-1');
    if (failed?.type !== 'call_failed') throw new Error('not rejected');
    expect(failed.failed.status).toBe('rejected');
    const text = new Renderer('en', w.cat, w.state).render(failed.failed.reason.message);
    expect(text.length).toBeGreaterThan(5);
    expect(text).not.toContain('reason.');
    await w.close();
  });
});

describe('determinism without players', () => {
  it('the log is byte-identical with or without the player wrapper', async () => {
    const run = async (players?: PlayerQueue) => {
      const w = await open(policyBrain(), players, 11);
      const out: string[] = [];
      for (let i = 0; i < 25; i++) out.push(canonicalJson(await w.step(i % 2 ? {} : undefined)));
      await w.close();
      return out.join('\n');
    };
    const plain = await run();
    expect(await run(new PlayerQueue())).toBe(plain);
  });
});
