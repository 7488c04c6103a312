import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TickJudge } from '../sim/judge/judge.ts';
import { proposers } from '../sim/judge/changes.ts';
import { runFunds } from '../sim/judge/funds.ts';
import { MetricsFold } from '../sim/metrics/fold.ts';
import { buildCatalog, type Catalog } from '../sim/scenario/catalog.ts';
import { Renderer } from '../sim/i18n/render.ts';
import type { WorldState } from '../sim/state/types.ts';
import { call, consequence, fresh, runFor } from './helpers/world.ts';
import { astinus, exportBytes, removeDir, tempDir } from './helpers/cli.ts';
import { describeEvent } from '../sim/i18n/describe.ts';
import { canonicalJson } from '../sim/lib/canonical.ts';
import { memoryDb, memoryStore } from '../adapters/store/memory.ts';
import { World } from '../sim/world.ts';
import { policyBrain } from '../bots/brains/policy/index.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { type PackFiles, tinyPack, writeTiny } from './helpers/tiny-pack.ts';

/**
 * A union fund (README, Funds): members pay their dues into a purse nobody owns, and the fund pays a
 * member who has gone broke by its rule. Nothing else moves its money, and the books count it.
 */
const t = (en: string, cn: string) => ({ cn, en });
function withFund(f: PackFiles): void {
  f.scenario.rules.money.funds = [
    {
      id: 'union',
      name: t('the union fund', '工会基金'),
      members: { role: 'miner' },
      money: 20,
      payIn: 5,
      payout: { to: 'member_broke', below: 10, amount: 15 },
    },
  ];
  f.vocabulary.purposes.dues = { name: t('pay dues', '交会费'), does: 'spend', fund: 'union' };
  // bo starts broke: the fund owes him a payout from the first tick
  f.actors.actors.find((a: { id: string }) => a.id === 'bo').body.money = 4;
}

let cat: Catalog;
beforeAll(async () => {
  cat = buildCatalog(await tinyPack(withFund));
});

const fundOf = (s: WorldState) => s.funds!.union.money;
const held = (s: WorldState) => Object.values(s.actors).reduce((n, a) => n + a.money, 0) + fundOf(s);
const dues = (actor: string, amount = 5) => call(actor, 'use_resource', { resource: 'money', amount, purpose: 'dues' });
const paid = (amount: number) => ({ ok: true as const, consequence: consequence({ resource_changes: { money: -amount } }) });

describe('paying into a fund', () => {
  it('moves a member’s dues into the fund: the money stays in the world, in no one’s purse', () => {
    const s = fresh(cat);
    const before = s.moneyTotal;
    const judge = new TickJudge(cat, s, 1);
    expect(judge.call(dues('ada'), paid(5))).toBeNull();
    expect(judge.events.find((e) => e.type === 'fund_paid_in')).toMatchObject({ fund: 'union', from: 'ada', amount: 5 });
    expect(judge.events.some((e) => e.type === 'money_destroyed')).toBe(false);
    expect(s.actors.ada.money).toBe(55);
    expect(fundOf(s)).toBe(25);
    expect(s.moneyTotal).toBe(before);
    expect(held(s)).toBe(s.moneyTotal);
  });

  it('refuses dues from one who is not a member, saying so in both languages', () => {
    const s = fresh(cat);
    const failed = new TickJudge(cat, s, 1).call(dues('cook'), paid(5));
    expect(failed?.reason.code).toBe('fund_members_only');
    expect(s.actors.cook.money).toBe(30);
    expect(fundOf(s)).toBe(20);
    const en = new Renderer('en', cat, s).render(failed!.reason.message);
    const cn = new Renderer('cn', cat, s).render(failed!.reason.message);
    expect(en).toContain('the union fund');
    expect(cn).toContain('工会基金');
  });

  it('refuses dues a member cannot pay', () => {
    const s = fresh(cat);
    expect(new TickJudge(cat, s, 1).call(dues('bo', 5), paid(5))?.reason.code).toBe('insufficient_money');
    expect(fundOf(s)).toBe(20);
  });

  it('lets nothing take money out of the fund but its rule: it is no one’s purse to give or spend', () => {
    const s = fresh(cat);
    const judge = new TickJudge(cat, s, 1);
    const taken = judge.proposal(proposers.clock('mess'), [
      { type: 'resource_transfer', from: 'union', to: 'cook', resource: 'money', amount: 5, reason: 'gift' },
    ]);
    expect(taken?.code).toBe('unknown_actor');
    expect(fundOf(s)).toBe(20);
  });
});

describe('the payout rule', () => {
  it('pays a broke member once a day while the fund holds the amount, and never a non-member', () => {
    const s = fresh(cat);
    s.actors.cook.money = 0;
    s.actors.ada.money = 9;
    const day = cat.scenario.vocabulary.time.ticksPerDay;
    const at = (tick: number) => {
      const judge = new TickJudge(cat, s, tick);
      runFunds(cat, s, tick, judge);
      return judge.events.filter((e) => e.type === 'fund_paid_out');
    };
    // 20 in the fund pays one of the two broke miners: the first by id
    expect(at(1)).toMatchObject([{ fund: 'union', to: 'ada', amount: 15, rule: 'member_broke' }]);
    expect(s.actors.ada.money).toBe(24);
    expect(s.actors.cook.money).toBe(0);
    expect(fundOf(s)).toBe(5);
    expect(at(2)).toEqual([]);
    // with the fund topped up, bo is paid; ada, paid today, is not again until a day has passed
    s.funds!.union.money += 40;
    s.actors.ada.money = 1;
    expect(at(3).map((e) => e.type === 'fund_paid_out' && e.to)).toEqual(['bo']);
    expect(at(4)).toEqual([]);
    const paidAda = at(1 + day);
    expect(paidAda.map((e) => e.type === 'fund_paid_out' && e.to)).toEqual(['ada']);
    // the feed says who was paid out of which fund, in the pack's words, in both languages
    expect(describeEvent(new Renderer('en', cat, s), paidAda[0])).toContain('the union fund');
    expect(describeEvent(new Renderer('cn', cat, s), paidAda[0])).toContain('工会基金');
  });
});

describe('a run with a fund', () => {
  let root = '';
  afterAll(async () => {
    if (root) await removeDir(root);
  });

  it('bots pay their dues, the broke are paid out, and the books, the state and the metrics all count the fund', async () => {
    const { world, events } = await runFor(cat.scenario, 1, 300);
    const ins = events.filter((e) => e.type === 'fund_paid_in');
    const outs = events.filter((e) => e.type === 'fund_paid_out');
    expect(ins.length).toBeGreaterThan(0);
    expect(outs.length).toBeGreaterThan(0);
    for (const e of ins) expect(['ada', 'bo']).toContain(e.type === 'fund_paid_in' && e.from);
    expect(events.filter((e) => e.type === 'call_failed' && e.failed.reason.code.startsWith('fund_'))).toEqual([]);
    const sum = (list: typeof events) => list.reduce((n, e) => n + ('amount' in e ? e.amount : 0), 0);
    expect(fundOf(world.state)).toBe(20 + sum(ins) - sum(outs));
    expect(held(world.state)).toBe(world.state.moneyTotal);
    // the metrics' money in circulation is the state's, the fund included
    const m = MetricsFold.of(cat.scenario, 1);
    let last = 0;
    for (let tick = 0; tick < 300; tick++) last = m.add(events.filter((e) => e.tick === tick)).money_total;
    expect(last).toBe(world.state.moneyTotal);
  }, 120_000);

  it('a world reopened from its snapshot and log holds the same funds as the live one', async () => {
    const db = memoryDb();
    const open = () =>
      World.open({
        scenario: cat.scenario,
        seed: 3,
        population: null,
        store: memoryStore(db),
        brain: policyBrain(),
        engine: ruleEngine(),
        snapshotEvery: 25,
      });
    const live = await open();
    for (let i = 0; i < 110; i++) await live.step();
    const state = canonicalJson(live.state);
    expect(live.state.funds!.union.money).not.toBe(20);
    await live.close();
    const again = await open();
    expect(canonicalJson(again.state)).toBe(state);
    await again.close();
  }, 120_000);

  it('the CLI run reconciles its books with the fund in them, and the export holds its balance and every payment', async () => {
    root = await tempDir('astinus-funds-');
    const pack = await writeTiny(withFund, root);
    const data = path.join(root, 'data');
    const r = await astinus(['run', pack, '--ticks', '200', '--data', data, '--quiet', '--lang', 'en']);
    // exit 3 would be books that do not reconcile
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/held in funds\s+\d+/);
    expect(r.stdout).toContain('Reconciled exactly.');
    const lines = (await exportBytes(data))
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(lines[0].state.funds.union.money).toBe(20);
    expect(lines.some((e) => e.type === 'fund_paid_in')).toBe(true);
    expect(lines.some((e) => e.type === 'fund_paid_out')).toBe(true);
    expect(await readFile(path.join(pack, 'scenario.json'), 'utf8')).toContain('"union"');
  }, 120_000);
});

describe('validate', () => {
  it('names every bad reference of a fund with its file and path, and what to do', async () => {
    const pack = await writeTiny((f) => {
      withFund(f);
      f.scenario.rules.money.funds[0].members = { role: 'minr', actors: ['nobody'] };
      f.scenario.rules.money.funds[0].payIn = 900;
      f.vocabulary.purposes.dues.fund = 'unoin';
      f.vocabulary.purposes.tithe = { name: t('tithe', '什一'), does: 'gift', fund: 'union', sink: 'commissary' };
    });
    const r = await astinus(['validate', pack, '--lang', 'en']);
    await removeDir(path.dirname(pack));
    expect(r.code).toBe(1);
    const out = r.stdout + r.stderr;
    expect(out).toMatch(/scenario\.json \$\.rules\.money\.funds\[0\]\.members\.role: .*"minr"/);
    expect(out).toMatch(/scenario\.json \$\.rules\.money\.funds\[0\]\.members\.actors\[0\]: .*"nobody"/);
    expect(out).toMatch(/scenario\.json \$\.rules\.money\.funds\[0\]\.payIn: .*900.*500.*Fix:/);
    expect(out).toMatch(/vocabulary\.json \$\.purposes\.dues\.fund: undeclared fund "unoin".*known: union/);
    expect(out).toMatch(/vocabulary\.json \$\.purposes\.tithe\.does: .*Fix:/);
    expect(out).toMatch(/vocabulary\.json \$\.purposes\.tithe\.sink: .*Fix:/);
  }, 60_000);
});
