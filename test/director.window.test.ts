import { expect, it } from 'vitest';
import type { Event } from '../sim/model/events.ts';
import { DirectorWindow } from '../world-engine/director/window.ts';
import { buildCatalog } from '../sim/scenario/catalog.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { ROOT, runFor } from './helpers/world.ts';

/**
 * The director's window keeps counts and last ticks, not the events. Held against the plain reading
 * of the log it replaces (every event that was a conflict, or that happened to someone, in the
 * window's ticks before the one asked about) over a real run of the Vesta Ring (hostile words among its crews), tick after tick.
 */
interface Line {
  tick: number;
  conflict: boolean;
  who: string[];
}

function lineOf(e: Event): Line | null {
  switch (e.type) {
    case 'addressed':
      return { tick: e.tick, conflict: e.hostile, who: [e.actor] };
    case 'transfer':
      return { tick: e.tick, conflict: e.reason === 'theft', who: [e.from, e.to] };
    case 'fact_learned':
      return e.from === e.actor ? null : { tick: e.tick, conflict: false, who: [e.actor] };
    case 'status_changed':
    case 'tag_added':
    case 'joined':
      return { tick: e.tick, conflict: false, who: [e.actor] };
    case 'check_rolled':
      return e.target ? { tick: e.tick, conflict: false, who: [e.target] } : null;
    default:
      return null;
  }
}

it('tells the conflicts and the last tick someone was touched as the log says, for every tick of a run', async () => {
  const cat = buildCatalog(await loadScenario(`${ROOT}scenarios/vesta_ring`));
  const SPAN = 6;
  const { events } = await runFor(cat.scenario, 2, 40);
  const lines = events.map(lineOf).filter((l): l is Line => l !== null);
  const people = [...new Set(lines.flatMap((l) => l.who))].sort();
  const groups: (Set<string> | null)[] = [null, new Set(people.slice(0, 1)), new Set(people.slice(3, 6)), new Set(['nobody_here'])];

  const w = new DirectorWindow(SPAN);
  let conflicts = 0;
  for (let tick = 0; tick < 40; tick++) {
    w.add(events.filter((e) => e.tick === tick));
    const at = tick + 1;
    const seen = lines.filter((l) => l.tick < at && l.tick > at - 1 - SPAN);
    expect(w.conflicts(at), `conflicts before tick ${at}`).toBe(seen.filter((l) => l.conflict).length);
    conflicts += w.conflicts(at);
    for (const g of groups) {
      const last = seen.filter((l) => g === null || l.who.some((x) => g.has(x))).at(-1)?.tick ?? null;
      expect(w.lastTouched(at, g), `last touched before tick ${at}`).toBe(last);
    }
  }
  // the run had conflicts to count and the window let old ones go
  expect(conflicts).toBeGreaterThan(0);
  // a tick it has already passed is not answered from what it kept
  expect(() => w.conflicts(39)).toThrow(/cannot tell/);
});
