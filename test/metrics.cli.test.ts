import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../sim/model/events.ts';
import { openEmbeddedStore } from '../adapters/store/embedded.ts';
import { astinusOk, astinusHere } from './helpers/inproc.ts';
import { removeDir, SHENZHEN, tempDir } from './helpers/cli.ts';

/** the columns the contract with `astinus experiment` and researchers' scripts fixes, in order */
const HEADER =
  'tick,population,gini,money_p10,money_p50,money_p90,money_total,relations,density,reciprocity,clustering,' +
  'actions,rejections,act_use_resource,act_interact,act_move,act_create,act_express,action_entropy,' +
  'strat_work,strat_trade,strat_art,strat_teach,strat_gossip,strat_social,strat_explore,strat_rest,strategy_entropy,' +
  'checks,checks_critical,checks_full,checks_cost,checks_fail,facts,knowings,interventions,tokens,tokens_per_bot_hour';
const TICKS = 40;

let root: string;
const dir = (...p: string[]) => path.join(root, ...p);
const text = (...p: string[]) => readFile(dir(...p), 'utf8');
function table(csv: string): Record<string, string>[] {
  const [head, ...lines] = csv.trimEnd().split('\n');
  const cols = head.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i], v])));
}
beforeAll(async () => {
  root = await tempDir('astinus-metrics-');
  // a seeded rumour, as a researcher would plant it
  await writeFile(
    dir('rumour.json'),
    JSON.stringify({
      interventions: [
        {
          label: 'rumour',
          at: 5,
          kind: 'learn_fact',
          actor: 'lin_feng',
          truth: false,
          content: { cn: '工厂下个月要关门', en: 'The factory closes next month' },
        },
      ],
    }),
  );
  const run = (name: string, ticks: number) =>
    astinusOk([
      'run',
      SHENZHEN,
      '--seed',
      '3',
      '--ticks',
      String(ticks),
      '--data',
      dir(name, 'data'),
      '--quiet',
      '--metrics',
      dir(name, 'live'),
      '--interventions',
      dir('rumour.json'),
    ]);
  // the same seed twice: the second stopped half way and continued
  await run('a', TICKS);
  await run('c', TICKS / 2);
  await run('c', TICKS);
  await astinusOk(['metrics', dir('a', 'data'), '--out', dir('a', 'out')]);
}, 120_000);
afterAll(async () => {
  if (root) await removeDir(root);
});

describe('astinus metrics <data-dir>', () => {
  it("writes every file with the contract's header, one metrics row per committed tick", async () => {
    const metrics = await text('a', 'out', 'metrics.csv');
    expect(metrics.split('\n')[0].startsWith(HEADER)).toBe(true);
    expect(table(metrics).map((r) => Number(r.tick))).toEqual([...Array(TICKS).keys()]);
    expect(
      (await text('a', 'out', 'metrics.jsonl'))
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).tick),
    ).toEqual([...Array(TICKS).keys()]);
    expect((await text('a', 'out', 'diffusion.csv')).split('\n')[0]).toBe('tick,fact,label,known,learned,reachable,share');
    expect((await text('a', 'out', 'facts.csv')).split('\n')[0]).toBe(
      'fact,label,truth,origin_actor,origin_tick,known,reachable,half_tick,peak_known',
    );
    expect((await text('a', 'out', 'spread.csv')).split('\n')[0]).toBe('tick,fact,actor,from,channel');
    // no exponent anywhere, at most six decimals
    expect(metrics).not.toMatch(/\d[eE][-+]?\d/);
    expect(metrics).not.toMatch(/\.\d{7}/);
  });

  it('counts, for every fact at every tick, exactly the fact_learned events the log holds for it', async () => {
    const store = await openEmbeddedStore(dir('a', 'data'));
    const learned = new Map<string, Map<number, number>>();
    const provenance: string[] = [];
    try {
      for await (const e of store.readEvents(0, TICKS) as AsyncIterable<Event>) {
        if (e.type === 'status_changed') expect(e.to).not.toBe('dead'); // nobody dies here: every learner still counts
        if (e.type !== 'fact_learned') continue;
        const perTick = learned.get(e.fact) ?? learned.set(e.fact, new Map()).get(e.fact)!;
        perTick.set(e.tick, (perTick.get(e.tick) ?? 0) + 1);
        provenance.push([e.tick, e.fact, e.actor, e.from, e.channel].join(','));
      }
    } finally {
      await store.close();
    }
    const diffusion = table(await text('a', 'out', 'diffusion.csv'));
    expect(new Set(diffusion.map((r) => r.fact))).toEqual(new Set(learned.keys()));
    for (const [fact, perTick] of learned) {
      const rows = diffusion.filter((r) => r.fact === fact);
      let cumulative = 0;
      for (const r of rows) {
        const tick = Number(r.tick);
        cumulative += perTick.get(tick) ?? 0;
        expect({ fact, tick, known: Number(r.known), learned: Number(r.learned) }).toEqual({
          fact,
          tick,
          known: cumulative,
          learned: perTick.get(tick) ?? 0,
        });
        expect(Number(r.share)).toBeCloseTo(Number(r.known) / Number(r.reachable), 6);
      }
      expect(rows.at(-1)!.tick).toBe(String(TICKS - 1));
    }
    // some rumour went round (not only its teller knows it), or the test proves little
    expect(Math.max(...diffusion.map((r) => Number(r.known)))).toBeGreaterThan(2);
    // the seeded one is labelled from its first tick on, and the tick it was planted counts one intervention
    const seeded = diffusion.filter((r) => r.label === 'rumour');
    expect(seeded[0]).toMatchObject({ tick: '5', known: '1', learned: '1' });
    expect(seeded).toHaveLength(TICKS - 5);
    expect(
      table(await text('a', 'out', 'metrics.csv'))
        .map((r) => r.interventions)
        .join(''),
    ).toBe('0'.repeat(5) + '1' + '0'.repeat(TICKS - 6));
    // the provenance is the log's, line for line
    expect((await text('a', 'out', 'spread.csv')).trimEnd().split('\n').slice(1)).toEqual(provenance);
    // and a fact's half time is the first tick half the living knew it
    for (const f of table(await text('a', 'out', 'facts.csv'))) {
      const first = diffusion.find((r) => r.fact === f.fact && Number(r.known) >= Number(r.reachable) / 2);
      expect(f.half_tick).toBe(first ? String(Number(first.tick) - Number(f.origin_tick)) : '');
    }
  });

  it('gives the same bytes from `run --metrics` as from the log, and for the same seed run again, stopped half way and continued', async () => {
    for (const name of ['metrics.csv', 'metrics.jsonl', 'diffusion.csv', 'facts.csv', 'spread.csv']) {
      const want = await text('a', 'out', name);
      expect(await text('a', 'live', name)).toBe(want);
      expect(await text('c', 'live', name)).toBe(want);
    }
  });

  it("of a fork on a seed of its own: the original's rows up to the fork, and the same from `run --metrics` as from the log", async () => {
    await astinusOk(['fork', dir('a', 'data'), '--at', '20', '--out', dir('f', 'data'), '--seed', '9']);
    await astinusOk(['run', SHENZHEN, '--data', dir('f', 'data'), '--ticks', String(TICKS), '--quiet', '--metrics', dir('f', 'live')]);
    await astinusOk(['metrics', dir('f', 'data'), '--out', dir('f', 'out')]);
    const fork = await text('f', 'out', 'metrics.csv');
    expect(await text('f', 'live', 'metrics.csv')).toBe(fork);
    const lines = (await text('a', 'out', 'metrics.csv')).split('\n');
    expect(fork.split('\n').slice(0, 21)).toEqual(lines.slice(0, 21));
    expect(fork.split('\n').slice(21)).not.toEqual(lines.slice(21));
  }, 120_000);

  it('refuses a pack the world was not made with, and a folder that holds no world', async () => {
    const other = await astinusHere(['metrics', dir('a', 'data'), '--out', dir('x'), '--scenario', path.join(SHENZHEN, '..', 'riverford')]);
    const none = await astinusHere(['metrics', root]);
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(/riverford is not the pack this world was made with \(shenzhen/);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('holds no committed events');
  });
});
