import { describe, expect, it } from 'vitest';
import {
  type Box,
  placeBubbles,
  placeLabels,
  placeWalkerNames,
  PLACE_R,
  WALKER_SPOTS,
  walkerNameBox,
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
  const [above, below, right, left] = WALKER_SPOTS;
  const at = { x: 200, y: 150 };
  // names just above, just below, to the right and to the left of a dot at `at`
  const north: Box = { x: 150, y: 120, w: 100, h: 14 };
  const south: Box = { x: 150, y: 160, w: 100, h: 14 };
  const east: Box = { x: 215, y: 140, w: 80, h: 14 };
  const west: Box = { x: 105, y: 140, w: 80, h: 14 };
  const spotAmong = (labels: Box[]) => placeWalkerNames([{ id: 'w', at, w: 60 }], labels, 400, 300).get('w');

  it('go above the dot, else below, right or left, and not at all where every spot covers a name', () => {
    expect(spotAmong([])).toBe(above);
    expect(spotAmong([north])).toBe(below);
    expect(spotAmong([north, south])).toBe(right);
    expect(spotAmong([north, south, east])).toBe(left);
    expect(spotAmong([north, south, east, west])).toBeUndefined();
    for (const labels of [[north], [north, south], [north, south, east]]) {
      const box = walkerNameBox(at, 60, spotAmong(labels)!);
      for (const l of labels) expect(cross(box, l)).toBe(false);
    }
  });

  it('keep off one another, and inside the map', () => {
    const two = placeWalkerNames(
      [
        { id: 'a', at, w: 60 },
        { id: 'b', at, w: 60 },
      ],
      [],
      400,
      300,
    );
    expect(cross(walkerNameBox(at, 60, two.get('a')!), walkerNameBox(at, 60, two.get('b')!))).toBe(false);
    // at the top edge there is no room above the dot; near the top right corner only to the left
    expect(placeWalkerNames([{ id: 'top', at: { x: 100, y: 5 }, w: 60 }], [], 400, 300).get('top')).toBe(below);
    expect(placeWalkerNames([{ id: 'corner', at: { x: 395, y: 30 }, w: 60 }], [], 400, 300).get('corner')).toBe(left);
  });
});
