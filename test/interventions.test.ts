import { asking } from './helpers/requests.ts';
import { INTERVENE } from '../sim/tick/requests.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { policyBrain } from '../bots/brains/policy/index.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { TickJudge } from '../sim/judge/judge.ts';
import type { Event } from '../sim/model/events.ts';
import { Intervention } from '../sim/model/interventions.ts';
import type { AstinusServer } from '../adapters/server/app.ts';
import { memoryStore } from '../adapters/store/memory.ts';
import { World } from '../sim/world.ts';
import { auth, served } from './helpers/serve.ts';
import { call, consequence, fresh, judgeOne, ROOT, shenzhen } from './helpers/world.ts';
import { checkInterventions } from '../sim/scenario/interventions.ts';
import { SummaryBuilder } from '../adapters/cli/summary.ts';
import { describeEvent } from '../sim/i18n/describe.ts';
import { Renderer } from '../sim/i18n/render.ts';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { astinus, removeDir, SHENZHEN, tempDir } from './helpers/cli.ts';
import path from 'node:path';

/** Interventions judged like any change (docs/design.md, The Judge): what each kind does, and what the hard rules still refuse. */
const iv = (o: Record<string, unknown>) => Intervention.parse({ label: 'x', at: 0, ...o });

async function world(seed = 5): Promise<World> {
  const cat = await shenzhen();
  return World.open({ scenario: cat.scenario, seed, population: null, store: memoryStore(), brain: policyBrain(), engine: ruleEngine() });
}
async function steps(w: World, n: number, first?: Intervention[]): Promise<Event[]> {
  const out: Event[] = [];
  for (let i = 0; i < n; i++)
    out.push(
      ...(await w.step(
        i === 0 && first
          ? asking(
              INTERVENE,
              first.map((x) => ({ ...x, at: w.tick })),
            )
          : undefined,
      )),
    );
  return out;
}

describe('the file', () => {
  it("the README's example is a valid interventions file for Shenzhen", async () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const block = /### Interventions and forks[\s\S]*?```json\n([\s\S]*?)\n```/.exec(readme)![1];
    const cat = await shenzhen();
    const list = checkInterventions('README.md', JSON.parse(block), cat, fresh(cat));
    expect(list.map((x) => x.kind)).toEqual(['learn_fact', 'price', 'arrive', 'close_place']);
  });

  it('says every problem in one round, in file order, and a run refused for them leaves no folder behind', async () => {
    const dir = await tempDir();
    try {
      const file = path.join(dir, 'bad.json');
      await writeFile(
        file,
        JSON.stringify({
          interventions: [
            { label: 'a', at: 3, kind: 'leave', actor: 'nobody' },
            { label: 'b', at: 4, kind: 'price', item: 'nothing', price: -1 },
            { label: 'c', at: 5, kind: 'close_place', place: 'nowhere' },
          ],
        }),
      );
      const data = path.join(dir, 'world');
      const r = await astinus(['run', SHENZHEN, '--ticks', '5', '--data', data, '--interventions', file]);
      expect(r.code).toBe(1);
      expect(r.stderr.trim().split('\n')).toEqual([
        'bad.json: interventions[0].actor: no person "nobody" in scenario shenzhen',
        'bad.json: interventions[1].price: Too small: expected number to be >0',
        'bad.json: interventions[2].place: no place "nowhere" in scenario shenzhen',
      ]);
      expect(existsSync(data)).toBe(false);
    } finally {
      await removeDir(dir);
    }
  });
});

describe('a closed place', () => {
  it('lets nobody move in until it opens again', async () => {
    const movesInto = (events: Event[], place: string) => events.filter((e) => e.type === 'moved' && e.to === place).length;
    // the busiest destination of the open world, so the closed one can be seen to differ
    const open = await steps(await world(), 40);
    const counts = new Map<string, number>();
    for (const e of open) if (e.type === 'moved') counts.set(e.to, (counts.get(e.to) ?? 0) + 1);
    const [busiest, before] = [...counts].sort((a, b) => b[1] - a[1])[0];
    expect(before).toBeGreaterThan(2);
    const w = await world();
    const closed = await steps(w, 40, [iv({ label: 'shut', kind: 'close_place', place: busiest })]);
    expect(closed[0]).toMatchObject({ type: 'intervened', label: 'shut', kind: 'close_place', place: busiest });
    expect(movesInto(closed, busiest)).toBe(0);
    // the Judge refuses a trip there whoever proposes it
    const someone = Object.values(w.state.actors).find((a) => a.location !== busiest && a.status === 'alive')!;
    const judge = new TickJudge(w.cat, w.state, w.tick);
    const failed = judge.call(call(someone.id, 'move', { destination: busiest, mode: 'walk' }), { ok: true, consequence: consequence() });
    expect(failed?.reason.code).toBe('place_closed');
    const reopened = await steps(w, 40, [iv({ label: 'reopen', kind: 'open_place', place: busiest })]);
    expect(movesInto(reopened, busiest)).toBeGreaterThan(0);
  });
});

describe('people', () => {
  it('a person who leaves takes no part in the world any more; a dying one cannot just leave', async () => {
    const w = await world();
    const events = await steps(w, 20, [iv({ kind: 'leave', actor: 'lin_feng' })]);
    expect(events.slice(0, 2)).toMatchObject([
      { type: 'intervened', kind: 'leave', actor: 'lin_feng' },
      { type: 'status_changed', actor: 'lin_feng', to: 'restrained_permanent', reason: 'left' },
    ]);
    expect(events.filter((e) => (e.type === 'action' || e.type === 'call_failed') && e.actor === 'lin_feng')).toEqual([]);
    const cat = await shenzhen();
    const s = fresh(cat);
    s.actors.lin_feng.status = 'dying';
    const judge = new TickJudge(cat, s, 1);
    expect(judge.intervene(iv({ kind: 'leave', actor: 'lin_feng' }))?.code).toBe('invalid_status_change');
    s.actors.lin_feng.status = 'dead';
    expect(
      judge.intervene(iv({ kind: 'learn_fact', actor: 'lin_feng', content: { cn: '某事', en: 'something' }, truth: true }))?.code,
    ).toBe('cannot_act');
    // refused, and said so in the log: nothing else, and the label stays free
    expect(judge.events.map((e) => [e.type, (e as { reason?: { code: string } }).reason?.code])).toEqual([
      ['intervention_refused', 'invalid_status_change'],
      ['intervention_refused', 'cannot_act'],
    ]);
    expect(s.actors.lin_feng.status).toBe('dead');
    expect(s.interventions?.labels.x).toBeUndefined();
  });

  it('an intervention that would change nothing is refused, with an event and no effect', async () => {
    const w = await world();
    await steps(w, 1, [
      iv({ label: 'gone', kind: 'leave', actor: 'lin_feng' }),
      iv({ label: 'shut', kind: 'close_place', place: 'huaqiangbei' }),
      iv({ label: 'drive', kind: 'drive', actor: 'fang_lan', strategy: 'art', weight: 1.5 }),
    ]);
    const item = w.cat.scenario.meta.items[0];
    const job = w.cat.scenario.meta.jobs[0];
    const noops = [
      iv({ label: 'n1', kind: 'leave', actor: 'lin_feng' }),
      iv({ label: 'n2', kind: 'close_place', place: 'huaqiangbei' }),
      iv({ label: 'n3', kind: 'open_place', place: 'luohu_station' }),
      iv({ label: 'n4', kind: 'price', item: item.id, price: item.price }),
      iv({ label: 'n5', kind: 'wage', job: job.id, wage: job.wage }),
      iv({ label: 'n6', kind: 'drive', actor: 'fang_lan', strategy: 'art', weight: 1.5 }),
    ];
    const events = await steps(w, 1, noops);
    const refused = events.filter((e) => e.type === 'intervention_refused');
    expect(refused.map((e) => [e.label, e.kind, e.reason.code])).toEqual(noops.map((x) => [x.label, x.kind, 'intervention_noop']));
    expect(events.filter((e) => e.type === 'intervened')).toEqual([]);
    // not counted as made: the labels are free for a change that does something
    expect(Object.keys(w.state.interventions!.labels).sort()).toEqual(['drive', 'gone', 'shut']);
    const reopened = await steps(w, 1, [iv({ label: 'n2', kind: 'open_place', place: 'huaqiangbei' })]);
    expect(reopened[0]).toMatchObject({ type: 'intervened', label: 'n2', kind: 'open_place' });
  });

  it('one refused at its tick leaves an event with the reason, and the run summary counts only what was made', async () => {
    const w = await world();
    const events = await steps(w, 1, [
      iv({ label: 'rich', kind: 'arrive', actor: 'rich_one', like: 'lin_feng', money: 10_000_000, source: 'savings' }),
      iv({ label: 'poor', kind: 'arrive', actor: 'poor_one', like: 'lin_feng', money: 10, source: 'savings' }),
    ]);
    expect(events.filter((e) => e.type === 'intervention_refused')).toMatchObject([
      { label: 'rich', kind: 'arrive', reason: { code: 'over_cap' } },
    ]);
    expect(w.state.actors.rich_one).toBeUndefined();
    const r = new Renderer('en', w.cat, w.state);
    expect(
      describeEvent(
        r,
        events.find((e) => e.type === 'intervention_refused')!,
      ),
    ).toMatch(/^\[rich\] refused: /);
    // the director's newcomers arrive as labelled interventions too: the summary counts them apart, as metrics do
    const summary = new SummaryBuilder();
    summary.add(events);
    summary.add([{ ...events.find((e) => e.type === 'intervened')!, label: 'director:stranger:3' }]);
    expect(summary.byType).toMatchObject({ intervened: 1, director_arrival: 1, intervention_refused: 1 });
  });

  it('a newcomer like a pack person arrives with a purse booked under a declared source, and the books balance', async () => {
    const w = await world();
    const events = await steps(w, 3, [
      iv({ label: 'newcomer', kind: 'arrive', actor: 'new_worker', like: 'lin_feng', place: 'huaqiangbei', money: 300, source: 'savings' }),
    ]);
    expect(events.slice(0, 2)).toMatchObject([
      { type: 'intervened', label: 'newcomer', actor: 'new_worker', place: 'huaqiangbei' },
      { type: 'money_created', to: 'new_worker', amount: 300, source: 'savings' },
    ]);
    const a = w.state.actors.new_worker;
    expect(a).toMatchObject({ soul: 'lin_feng', status: 'alive' });
    expect(a.clone).toBeGreaterThan(0);
    const summary = events.find((e) => e.type === 'tick_summary')!;
    expect(summary).toMatchObject({ money: { sources: { savings: expect.any(Number) } } });
    expect(Object.values(w.state.actors).reduce((n, x) => n + x.money, 0)).toBe(w.state.moneyTotal);
    // the newcomer lives: due and deciding like anyone else
    expect(events.some((e) => (e.type === 'action' || e.type === 'call_failed') && e.actor === 'new_worker')).toBe(true);
    // the cap on money per action holds for interventions too, and a label commits once
    const judge = new TickJudge(w.cat, w.state, w.tick);
    expect(
      judge.intervene(iv({ label: 'rich', kind: 'arrive', actor: 'rich_one', like: 'lin_feng', money: 10_000_000, source: 'savings' }))
        ?.code,
    ).toBe('over_cap');
    expect(judge.intervene(iv({ label: 'newcomer', kind: 'drive', actor: 'lin_feng', strategy: 'art', weight: 1 }))?.code).toBe(
      'intervention_repeated',
    );
  });

  it('a drive change sets the strategy weight', async () => {
    const w = await world();
    await steps(w, 1, [iv({ kind: 'drive', actor: 'lin_feng', strategy: 'gossip', weight: 1.75 })]);
    expect(w.state.actors.lin_feng.strategy.gossip).toBe(1.75);
  });
});

describe('prices and wages', () => {
  it('the Judge holds a purchase to the price an intervention set', async () => {
    const cat = await shenzhen();
    const s = fresh(cat);
    const item = cat.scenario.meta.items.find((i) => i.energy > 0)!;
    const buy = () =>
      judgeOne(
        cat,
        s,
        call('lin_feng', 'use_resource', { resource: 'money', amount: item.price, purpose: 'buy' }),
        consequence({
          resource_changes: { money: -item.price },
          world_changes: [{ type: 'resource_gain', actor: 'lin_feng', resource: `item:${item.id}`, amount: 1, reason: 'bought' }],
        }),
      );
    expect(buy().failed).toBeNull();
    const judge = new TickJudge(cat, s, s.tick + 1);
    expect(judge.intervene(iv({ kind: 'price', item: item.id, price: item.price * 3 }))).toBeNull();
    expect(buy().failed?.reason.code).toBe('underpaid');
  });

  it('work pays the wage an intervention set', async () => {
    const w = await world();
    const paid = (events: Event[]) =>
      events.flatMap((e) =>
        (e.type === 'money_created' && e.source === 'wage') || (e.type === 'transfer' && e.reason === 'wage') ? [e.amount] : [],
      );
    const jobs = w.cat.scenario.meta.jobs;
    const before = paid(await steps(w, 30));
    expect(before.length).toBeGreaterThan(0);
    // into the next day: the pack's wages have a daily budget, and the morning's may be spent
    await steps(w, w.cat.scenario.vocabulary.time.ticksPerDay - 30);
    const after = paid(
      await steps(
        w,
        30,
        jobs.map((j, i) => iv({ label: `wage${i}`, kind: 'wage', job: j.id, wage: 77 })),
      ),
    );
    expect(after.length).toBeGreaterThan(0);
    expect(new Set(after)).toEqual(new Set([77]));
  });
});

describe('the admin endpoint of a served world', () => {
  let srv: AstinusServer;
  afterEach(async () => {
    await srv?.close();
  });
  const W = '/api/worlds/shenzhen';
  const post = (payload: unknown, headers = {}) =>
    srv.app.inject({
      method: 'POST',
      url: `${W}/interventions`,
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json', ...headers },
    });
  const admin = auth('admin-secret');
  const rumour = {
    label: 'rumour',
    kind: 'learn_fact',
    actor: 'lin_feng',
    content: { cn: '要涨房租了', en: 'Rents are going up' },
    truth: true,
  };

  it('commits an intervention at the next tick', async () => {
    srv = await served();
    const r = await post(rumour, admin);
    expect(r.statusCode).toBe(202);
    expect(r.json()).toEqual({ label: 'rumour', kind: 'learn_fact', tick: 0 });
    expect((await post(rumour, admin)).statusCode).toBe(409);
    const events = await srv.host.step();
    expect(events[0]).toMatchObject({ tick: 0, type: 'intervened', label: 'rumour', actor: 'lin_feng' });
    expect(srv.host.world.state.facts[(events[0] as { fact: string }).fact].content).toEqual({
      key: 'fact.told',
      params: { cn: '要涨房租了', en: 'Rents are going up' },
    });
    expect((await post(rumour, admin)).statusCode).toBe(409);
  });

  it('refuses anyone but the admin, and hostile or unknown ids with a reason', async () => {
    srv = await served();
    expect((await post(rumour)).statusCode).toBe(401);
    expect((await post(rumour, auth('guess'))).statusCode).toBe(401);
    for (const bad of [
      { ...rumour, actor: '__proto__' },
      { ...rumour, label: '__proto__' },
      { ...rumour, kind: 'constructor' },
      { ...rumour, actor: 'nobody' },
      { ...rumour, content: 'text' },
      [rumour],
      'rumour',
      null,
      7,
      { label: 'p', kind: 'price', item: 'toString', price: 1 },
      { label: 'c', kind: 'close_place', place: 'hasOwnProperty' },
    ]) {
      const r = await post(bad, admin);
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
      expect(r.json().code).toMatch(/^bad_/);
    }
    const unknown = await post({ ...rumour, actor: 'nobody' }, admin);
    expect(unknown.json().issues).toEqual(['actor: no person "nobody" in scenario shenzhen']);
    // nothing was queued by any of them
    expect((await srv.host.step()).some((e) => e.type === 'intervened')).toBe(false);
  });

  it('answers 409 with the reason for what the world now refuses; a refusal at the tick is an event the admin can read', async () => {
    srv = await served();
    const open = { label: 'open', kind: 'open_place', place: 'huaqiangbei' };
    const noop = await post(open, admin);
    expect(noop.statusCode).toBe(409);
    expect(noop.json()).toMatchObject({ code: 'intervention_refused' });
    expect(noop.json().message.en).toBe(
      'The intervention "open" is refused (intervention_noop): the intervention "open" would change nothing.',
    );
    expect(noop.json().message.cn).toContain('不会改变任何东西');
    // both accepted now; at their tick the second closes what the first closed, and is refused
    const shut = { label: 'shut', kind: 'close_place', place: 'huaqiangbei' };
    expect((await post(shut, admin)).statusCode).toBe(202);
    const again = await post({ ...shut, label: 'shut2' }, admin);
    expect(again.statusCode).toBe(202);
    const tick = again.json().tick;
    await srv.host.step();
    const read = (headers = {}) =>
      srv.app.inject({ method: 'GET', url: `${W}/events?type=intervention_refused&from=${tick}&to=${tick}`, headers });
    expect((await read(admin)).json().events).toMatchObject([
      { tick, type: 'intervention_refused', label: 'shut2', kind: 'close_place', reason: { code: 'intervention_noop' } },
    ]);
    // a bystander sees nothing of it: nothing happened in the world
    expect((await read()).json().events ?? []).toEqual([]);
  });
});
