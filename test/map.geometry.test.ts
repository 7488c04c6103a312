import { describe, expect, it } from 'vitest';
import {
  type Box,
  placeBubbles,
  placeLabels,
  placeWalkerNames,
  PLACE_R,
  WALKER_ABOVE,
  WALKER_BELOW,
} from '../dashboard/src/mapGeometry.ts';

/** The map's label and bubble placement without a browser: what e2e.maplabels checks on the served map, on crowded made-up cases. */
const cross = (a: Box, b: Box) =>
  Math.min(a.x + a.w, b.x + b.w) > Math.max(a.x, b.x) && Math.min(a.y + a.h, b.y + b.h) > Math.max(a.y, b.y);
const away = (b: Box, x: number, y: number) => Math.hypot(Math.max(b.x - x, 0, x - (b.x + b.w)), Math.max(b.y - y, 0, y - (b.y + b.h)));

describe('place labels', () => {
  // a tight grid of places with long names and several people each
  const items = Array.from({ length: 16 }, (_, i) => ({
    id: `p${i}`,
    at: { x: 60 + (i % 4) * 90, y: 50 + Math.floor(i / 4) * 80 },
    r: PLACE_R,
    nameW: 60 + (i % 3) * 40,
    rowWs: Array.from({ length: i % 5 }, (_, k) => 40 + k * 10),
    moreW: () => 50,
  }));
  const labels = placeLabels(items, 420, 360, 4);

  it('puts every name within its circle’s radius of the circle', () => {
    for (const it of items) {
      const l = labels.get(it.id)!;
      expect(away(l.name, it.at.x, it.at.y) - it.r, it.id).toBeLessThanOrEqual(it.r);
    }
  });

  it('keeps each list on the side of its name that faces the place', () => {
    for (const it of items) {
      const l = labels.get(it.id)!;
      if (!l.list.w) continue;
      if (l.align === 'end') expect(l.list.x + l.list.w).toBeCloseTo(l.name.x + l.name.w);
      else if (l.align === 'start') expect(l.list.x).toBeCloseTo(l.name.x);
      else expect(l.list.x + l.list.w / 2).toBeCloseTo(it.at.x);
    }
  });
});

describe('speech bubbles', () => {
  it('never cover a name, and stay out when there is no free spot', () => {
    const names: Box[] = [
      { x: 90, y: 60, w: 80, h: 18 },
      { x: 90, y: 100, w: 80, h: 16 },
      { x: 20, y: 80, w: 60, h: 16 },
    ];
    const spots = placeBubbles(
      [
        { id: 'a', at: { x: 100, y: 108 }, w: 120, h: 20 },
        { id: 'b', at: { x: 100, y: 108 }, w: 120, h: 20 },
      ],
      names,
      [],
      400,
      300,
    );
    expect(spots.size).toBe(2);
    const [a, b] = [spots.get('a')!, spots.get('b')!];
    for (const n of names) {
      expect(cross(a, n)).toBe(false);
      expect(cross(b, n)).toBe(false);
    }
    expect(cross(a, b)).toBe(false);

    // a box full of names: nowhere to speak without covering one
    const full = placeBubbles([{ id: 'c', at: { x: 50, y: 50 }, w: 60, h: 20 }], [{ x: 0, y: 0, w: 100, h: 100 }], [], 100, 100);
    expect(full.has('c')).toBe(false);
  });
});

describe("walkers' names", () => {
  // the name's box for a baseline `dy` below the dot, as the map draws it
  const box = (at: { x: number; y: number }, w: number, dy: number): Box => ({ x: at.x - w / 2, y: at.y + dy - 13, w, h: 16 });

  it('go above the dot, below it where a place’s name is above, and not at all where both are taken', () => {
    const placeName: Box = { x: 60, y: 70, w: 100, h: 18 };
    const walkers = [
      // in the open: above
      { id: 'free', at: { x: 300, y: 200 }, w: 60 },
      // just under the place's name: its name goes below the dot
      { id: 'under', at: { x: 100, y: 95 }, w: 60 },
      // a second walker on the same spot: both places are taken (the name, the first walker's name)
      { id: 'crowd', at: { x: 100, y: 95 }, w: 60 },
    ];
    const dy = placeWalkerNames(walkers, [placeName], 400, 300);
    expect(dy.get('free')).toBe(WALKER_ABOVE);
    expect(dy.get('under')).toBe(WALKER_BELOW);
    expect(dy.has('crowd')).toBe(false);
    for (const w of walkers) if (dy.has(w.id)) expect(cross(box(w.at, w.w, dy.get(w.id)!), placeName), w.id).toBe(false);
  });

  it('keep inside the map', () => {
    // at the top edge there is no room above the dot
    expect(placeWalkerNames([{ id: 'top', at: { x: 100, y: 5 }, w: 60 }], [], 400, 300).get('top')).toBe(WALKER_BELOW);
  });
});
