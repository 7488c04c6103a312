import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../sim/model/events.ts';
import type { Health } from '../sim/metrics/health.ts';
import { buildCatalog } from '../sim/scenario/catalog.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { initialState } from '../sim/state/initial.ts';
import { astinusOk } from './helpers/inproc.ts';
import { astinus, removeDir, RIVERFORD, tempDir } from './helpers/cli.ts';

// two days of Riverford: long enough for things to be made, closed, failed and argued over
const TICKS = 192;
const SEED = 4;

let root: string;
let events: Event[];
let health: Health;
let csv: Record<string, string>[];

beforeAll(async () => {
  root = await tempDir('astinus-health-');
  const data = path.join(root, 'data');
  await astinusOk([
    'run',
    RIVERFORD,
    '--seed',
    String(SEED),
    '--ticks',
    String(TICKS),
    '--data',
    data,
    '--quiet',
    '--metrics',
    path.join(root, 'm'),
  ]);
  events = (await astinusOk(['export', data])).stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Event)
    // the first line is the state the export starts from, not an event
    .slice(1);
  health = JSON.parse((await astinusOk(['health', data, '--json'])).stdout) as Health;
  const [head, ...lines] = (await readFile(path.join(root, 'm', 'metrics.csv'), 'utf8')).trimEnd().split('\n');
  const cols = head.split(',');
  csv = lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i], v])));
}, 120_000);

afterAll(() => removeDir(root));

/** The largest count and its share, recounted from the events. */
function topOf(counts: Map<string, number>) {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const [top, n] = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0] ?? [null, 0];
  return { total, top, share: total ? n / total : 0 };
}
const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

describe('astinus health', () => {
  it('counts what was made and done from the committed events', () => {
    const made = new Map<string, number>();
    const words = new Map<string, number>();
    for (const e of events) {
      if (e.type === 'entity_created' && e.by !== null) bump(made, e.entity.template);
      if (e.type === 'action') {
        const a = e.call.args as Record<string, string>;
        bump(words, `${e.call.tool}:${a.manner ?? a.purpose ?? a.what ?? a.mode ?? a.channel}`);
      }
    }
    expect(topOf(made).total).toBeGreaterThan(0);
    expect(health.made).toEqual(topOf(made));
    expect(health.actions).toEqual(topOf(words));
  });

  it('finds every run of three failed checks of one word by one person', () => {
    const run = new Map<string, number>();
    let streaks = 0;
    let longest = 0;
    for (const e of events) {
      if (e.type !== 'check_rolled') continue;
      const k = `${e.actor}/${e.word}`;
      const n = e.band === 'fail' ? (run.get(k) ?? 0) + 1 : 0;
      run.set(k, n);
      if (n === 3) streaks++;
      longest = Math.max(longest, n);
    }
    const repeated = events.filter((e) => e.type === 'call_failed' && e.repeated).length;
    expect(health.failures).toEqual({ repeatedRejections: repeated, streaks, longest });
  });

  it('reads the collapsed from the status changes, tick by tick', async () => {
    const cat = buildCatalog(await loadScenario(RIVERFORD));
    const status = new Map(Object.values(initialState(cat, SEED, null).actors).map((a) => [a.id, a.status as string]));
    let worst = 0;
    for (let tick = 0; tick < TICKS; tick++) {
      for (const e of events) if (e.tick === tick && e.type === 'status_changed') status.set(e.actor, e.to);
      const living = [...status.values()].filter((s) => s !== 'dead').length;
      const down = [...status.values()].filter((s) => s === 'unconscious' || s === 'dying').length;
      // new people arrive by events the status map does not follow: read the count, not the share, from the CSV
      expect(Number(csv[tick].collapsed), `tick ${tick}`).toBe(down);
      worst = Math.max(worst, down / Number(csv[tick].population));
      expect(living).toBeLessThanOrEqual(Number(csv[tick].population));
    }
    expect(health.collapsed.peak).toBeCloseTo(worst, 12);
  });

  it('sets population, money and Gini at the end against the start the log began from', async () => {
    const cat = buildCatalog(await loadScenario(RIVERFORD));
    const start = Object.values(initialState(cat, SEED, null).actors);
    const last = csv.at(-1)!;
    expect(health.population.start).toBe(start.length);
    expect(health.population.peak).toBe(Math.max(start.length, ...csv.map((r) => Number(r.residents))));
    expect(health.money.start).toBe(start.reduce((s, a) => s + a.money, 0));
    expect(health.money.end).toBe(Number(last.money_total));
    expect(health.gini.end).toBeCloseTo(Number(last.gini), 6);
    const broke = health.checks.find((c) => c.id === 'median_not_broke')!;
    expect(broke.ok).toBe(Number(last.money_p50) >= cat.levels.meal);
    expect(health.checks.map((c) => c.id)).toHaveLength(8);
  });

  it('prints the signs in both languages, and names a missing data folder', async () => {
    const data = path.join(root, 'data');
    const en = (await astinusOk(['health', data])).stdout;
    expect(en).toMatch(/^Health of Riverford: ticks 0 to 191 \(2\.0 days\)/);
    expect(en).toMatch(/population at its peak .* (met|NOT MET)/);
    expect(en).toMatch(/\d of 8 signs met\./);
    const cn = (await astinusOk(['health', data, '--lang', 'cn'])).stdout;
    expect(cn).toContain('健康状况');
    expect(cn).toMatch(/8 项指标中达标 \d 项/);
    const missing = await astinus(['health', path.join(root, 'nowhere')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(path.join(root, 'nowhere'));
  });
});
