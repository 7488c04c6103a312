import { describe, expect, it } from 'vitest';
import type { Place } from '../sim/model/scenario.ts';
import { buildCatalog } from '../sim/scenario/catalog.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { layoutPlaces, minSpacing, type Point } from '../adapters/server/layout.ts';
import { ROOT } from './helpers/world.ts';

/** The closest pair of places in a layout, and how far apart they are. */
function closest(layout: Map<string, Point>): { pair: string; d: number } {
  const list = [...layout];
  let best = { pair: '', d: Infinity };
  for (let i = 0; i < list.length; i++) {
    for (let j = i + 1; j < list.length; j++) {
      const d = Math.hypot(list[i][1].x - list[j][1].x, list[i][1].y - list[j][1].y);
      if (d < best.d) best = { pair: `${list[i][0]}~${list[j][0]}`, d };
    }
  }
  return best;
}

/** A pack of n places that pulls hard: every place tied to its neighbours at distance 1 and to a hub, as crowded as a graph gets. */
function crowded(n: number): Map<string, Place> {
  const id = (i: number) => `p${String(i).padStart(2, '0')}`;
  const places = Array.from(
    { length: n },
    (_, i) =>
      ({
        id: id(i),
        name: { cn: id(i), en: id(i) },
        aliases: [],
        description: { cn: '', en: '' },
        mood: 0,
        sells: [],
        links: [...new Set([(i + 1) % n, (i + n - 1) % n, 0, (i * 7) % n])].filter((j) => j !== i).map((j) => ({ to: id(j), distance: 1 })),
      }) as unknown as Place,
  );
  return new Map(places.map((p) => [p.id, p]));
}

describe('the map layout', () => {
  for (const pack of ['shenzhen', 'riverford', 'vesta_ring']) {
    it(`keeps every two places of ${pack} at least minSpacing apart, inside the square`, async () => {
      const cat = buildCatalog(await loadScenario(`${ROOT}scenarios/${pack}`));
      const layout = layoutPlaces(cat);
      expect(layout.size).toBe(cat.places.size);
      const c = closest(layout);
      expect(c.d, c.pair).toBeGreaterThanOrEqual(minSpacing(cat.places.size));
      // about the size of a place's label on a laptop-wide map: the overlap a player saw is gone
      expect(minSpacing(cat.places.size)).toBeGreaterThanOrEqual(150);
      for (const p of layout.values()) {
        expect(p.x).toBeGreaterThanOrEqual(100);
        expect(p.x).toBeLessThanOrEqual(900);
        expect(p.y).toBeGreaterThanOrEqual(100);
        expect(p.y).toBeLessThanOrEqual(900);
      }
      // the same every time
      expect([...layoutPlaces(cat)]).toEqual([...layout]);
    });
  }

  it('keeps a generated pack of 40 tightly linked places apart too', () => {
    const layout = layoutPlaces({ places: crowded(40) });
    expect(layout.size).toBe(40);
    const c = closest(layout);
    expect(c.d, c.pair).toBeGreaterThanOrEqual(minSpacing(40));
    expect(minSpacing(40)).toBeGreaterThanOrEqual(90);
  });

  it("draws a pack's own map: a place's position as given, the others by its layout hint in the file's order", () => {
    const places = crowded(8);
    const ring = layoutPlaces({ places }, 'ring');
    const ids = [...places.keys()];
    // round a ring: every place as far from the centre, the first at the top, then clockwise
    for (const p of ring.values()) expect(Math.round(Math.hypot(p.x - 500, p.y - 500))).toBeGreaterThanOrEqual(399);
    expect(ring.get(ids[0])).toEqual({ x: 500, y: 100 });
    expect(ring.get(ids[2])).toEqual({ x: 900, y: 500 });
    const line = layoutPlaces({ places }, 'line');
    expect(ids.map((id) => line.get(id)!.y)).toEqual(ids.map(() => 500));
    expect(ids.map((id) => line.get(id)!.x)).toEqual([...ids.map((id) => line.get(id)!.x)].sort((a, b) => a - b));
    const grid = layoutPlaces({ places }, 'grid');
    expect(new Set([...grid.values()].map((p) => `${p.x},${p.y}`)).size).toBe(8);
    // a position given wins over any layout, and the others are laid out without it
    places.set(ids[3], { ...places.get(ids[3])!, position: { x: 10, y: 990 } });
    for (const hint of [undefined, 'ring', 'grid'] as const) {
      const pinned = layoutPlaces({ places }, hint);
      expect(pinned.get(ids[3])).toEqual({ x: 10, y: 990 });
      expect(pinned.size).toBe(8);
    }
  });
});
