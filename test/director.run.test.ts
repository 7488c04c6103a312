import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Event, EventOf } from '../sim/model/events.ts';
import { removeDir, tempDir } from './helpers/cli.ts';
import { astinusHere } from './helpers/inproc.ts';

/**
 * The director (docs/design.md, The director) over 500 offline ticks of each shipped pack: it proposes, every proposal is
 * judged and recorded (an accepted one followed by its changes' events, a refused one by a reason),
 * none brings anyone toward death, the phase switches at a milestone, and the tension, its measures
 * and the phase are in the export and the metrics.
 */
const TICKS = 500;
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map(removeDir));
});

/** What a director's accepted draft may commit after its record: the changes the shipped templates make. */
const CHANGE_EVENTS = new Set(['place_mood', 'tag_added', 'tag_removed', 'fact_created', 'fact_learned', 'intervened']);

describe.each(['shenzhen', 'riverford', 'vesta_ring'])('the director in %s', (pack) => {
  it(`proposes in ${TICKS} ticks, each proposal judged and none killing, with the phase and tension in the export and the metrics`, async () => {
    const root = await tempDir(`astinus-director-${pack}-`);
    dirs.push(root);
    const data = path.join(root, 'data');
    const metrics = path.join(root, 'metrics');
    const run = await astinusHere([
      'run',
      `scenarios/${pack}`,
      '--ticks',
      String(TICKS),
      '--seed',
      '5',
      '--data',
      data,
      '--quiet',
      '--metrics',
      metrics,
    ]);
    expect(run.code, run.stderr).toBe(0);
    const exported = await astinusHere(['export', data]);
    const events = exported.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Event)
      // the first line is the state the export starts from, not an event
      .slice(1);
    const proposals = events.filter((e): e is EventOf<'director_proposed'> => e.type === 'director_proposed');
    const accepted = proposals.filter((p) => p.refused === null);
    const refused = proposals.filter((p) => p.refused !== null);
    const phases = events.filter((e): e is EventOf<'phase_changed'> => e.type === 'phase_changed');
    process.stdout.write(
      `${pack}: ${proposals.length} director proposals in ${TICKS} ticks, ${accepted.length} accepted, ${refused.length} refused; ` +
        `phase switches ${phases.map((p) => `${p.tick}:${p.to}`).join(' ')}\n`,
    );
    expect(proposals.length).toBeGreaterThan(3);
    expect(accepted.length).toBeGreaterThan(0);
    for (const p of refused) expect(p.refused!.code).toMatch(/^[a-z_]+$/);
    for (const p of proposals) {
      // the reading it was made on travels with it
      expect(p.tension).toBeGreaterThanOrEqual(0);
      expect(p.tension).toBeLessThanOrEqual(100);
      expect(Object.keys(p.measures).sort()).toEqual(['conflict', 'danger', 'quests', 'stillness']);
    }
    const byKey = (e: Event) => `${e.tick}.${e.seq}`;
    const index = new Map(events.map((e, i) => [byKey(e), i]));
    for (const p of accepted) {
      // its changes' events follow it in the same commit, and are only changes a template makes: no status change, no harm
      const after: Event[] = [];
      for (let i = index.get(byKey(p))! + 1; i < events.length && events[i].tick === p.tick && CHANGE_EVENTS.has(events[i].type); i++)
        after.push(events[i]);
      expect(after.length, `${p.template} at ${p.tick} committed nothing`).toBeGreaterThan(0);
    }
    for (const p of refused) {
      // a refused proposal is its record alone: the next event is not one of its changes
      const next = events[index.get(byKey(p))! + 1];
      expect(next && next.tick === p.tick && next.type === 'place_mood' && next.by === null).toBe(false);
    }
    // nothing the director's drafts committed is a status change: whoever fell, fell by the dice or hunger, through the Judge's clock
    const directed = new Set<string>();
    for (const p of accepted)
      for (let i = index.get(byKey(p))! + 1; i < events.length && CHANGE_EVENTS.has(events[i].type) && events[i].tick === p.tick; i++)
        directed.add(byKey(events[i]));
    expect(events.filter((e) => e.type === 'status_changed' && directed.has(byKey(e)))).toEqual([]);
    // a milestone of days switches the phase to acceleration and back within the run
    expect(phases.map((p) => p.to)).toEqual(expect.arrayContaining(['acceleration', 'steady']));
    for (const p of phases) expect('key' in p.why).toBe(true);
    // the metrics carry the tension, each measure and the phase, tick by tick
    const csv = (await readFile(path.join(metrics, 'metrics.csv'), 'utf8')).trim().split('\n');
    const head = csv[0].split(',');
    for (const c of [
      'tension',
      'phase',
      'director_accepted',
      'director_refused',
      'measure_conflict',
      'measure_danger',
      'measure_quests',
      'measure_stillness',
    ])
      expect(head).toContain(c);
    const rows = csv.slice(1).map((l) => Object.fromEntries(l.split(',').map((v, i) => [head[i], v])));
    expect(rows).toHaveLength(TICKS);
    expect(new Set(rows.map((r) => r.phase))).toEqual(new Set(['steady', 'acceleration']));
    expect(rows.reduce((n, r) => n + Number(r.director_accepted), 0)).toBe(accepted.length);
    for (const r of rows) expect(Number(r.tension)).toBeGreaterThanOrEqual(0);
  }, 120_000);
});
