import type { MapLayout, Place } from '../../sim/model/scenario.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { WorldState } from '../../sim/state/types.ts';

export interface Point {
  x: number;
  y: number;
}

/** Layouts fit LO..HI on both axes. */
const LO = 100;
const HI = 900;

/**
 * How far apart any two places are kept, for n places in the layout's square: wide enough that a
 * place and its label never sit on another, narrow enough that the square always has room (a
 * hexagonal packing at this spacing holds more than twice n points).
 */
export function minSpacing(n: number): number {
  return Math.floor(600 / Math.sqrt(Math.max(n, 1)));
}

/**
 * Map positions for the dashboard: a place's `position` where the pack gives one; the others by the
 * pack's `layout` hint (ring, line, grid, in the file's order), else by a force layout of the travel
 * graph (links pull, every pair pushes), started from a circle in id order so it is the same every
 * time, then pairs closer than `minSpacing` pushed apart. Laid-out coordinates fit 100..900.
 * Generated sub-areas sit on a small ring around their parent.
 */
export function layoutPlaces(cat: Pick<Catalog, 'places'>, hint?: MapLayout): Map<string, Point> {
  const all = [...cat.places.values()];
  // the pack's own map: a place's position as given; the rest by the pack's layout, else from the links
  const given = all.filter((p) => p.position);
  const rest = all.filter((p) => !p.position);
  const out = new Map(given.map((p) => [p.id, { x: p.position!.x, y: p.position!.y }]));
  if (!rest.length) return out;
  const laid = hint
    ? hinted(
        rest.map((p) => p.id),
        hint,
      )
    : forceLayout(rest);
  for (const [id, p] of laid) out.set(id, p);
  return out;
}

/** The places in the file's order round a ring, along a line, or on a grid, over the square. */
function hinted(ids: string[], hint: MapLayout): Map<string, Point> {
  const n = ids.length;
  const mid = (LO + HI) / 2;
  const r = (HI - LO) / 2;
  const cols = Math.ceil(Math.sqrt(n));
  const rows = Math.ceil(n / cols);
  const at = (i: number): Point => {
    if (hint === 'ring') return { x: mid + r * Math.sin((2 * Math.PI * i) / n), y: mid - r * Math.cos((2 * Math.PI * i) / n) };
    if (hint === 'line') return { x: n === 1 ? mid : LO + ((HI - LO) * i) / (n - 1), y: mid };
    const c = i % cols,
      row = Math.floor(i / cols);
    return { x: cols === 1 ? mid : LO + ((HI - LO) * c) / (cols - 1), y: rows === 1 ? mid : LO + ((HI - LO) * row) / (rows - 1) };
  };
  return new Map(ids.map((id, i) => [id, { x: Math.round(at(i).x), y: Math.round(at(i).y) }]));
}

function forceLayout(list: Place[]): Map<string, Point> {
  const places = [...list].sort((a, b) => (a.id < b.id ? -1 : 1));
  const n = places.length;
  const idx = new Map(places.map((p, i) => [p.id, i]));
  const pos = places.map((_, i) => ({ x: Math.cos((2 * Math.PI * i) / n), y: Math.sin((2 * Math.PI * i) / n) }));
  const k = 1 / Math.sqrt(Math.max(n, 1));
  for (let step = 0; step < 300; step++) {
    const force = pos.map(() => ({ x: 0, y: 0 }));
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const dx = pos[i].x - pos[j].x,
          dy = pos[i].y - pos[j].y;
        const d2 = Math.max(dx * dx + dy * dy, 1e-4);
        const f = (k * k) / d2;
        force[i].x += dx * f;
        force[i].y += dy * f;
        force[j].x -= dx * f;
        force[j].y -= dy * f;
      }
    }
    places.forEach((p, i) => {
      for (const l of p.links) {
        const j = idx.get(l.to);
        if (j === undefined) continue;
        const dx = pos[j].x - pos[i].x,
          dy = pos[j].y - pos[i].y;
        const d = Math.sqrt(dx * dx + dy * dy) || 1e-3;
        const f = (d - k * l.distance) * 0.5;
        force[i].x += (dx / d) * f;
        force[i].y += (dy / d) * f;
      }
    });
    const cool = 0.1 * (1 - step / 300);
    pos.forEach((p, i) => {
      p.x += clamp(force[i].x, cool);
      p.y += clamp(force[i].y, cool);
    });
  }
  const xs = pos.map((p) => p.x),
    ys = pos.map((p) => p.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const scale = (v: number, lo: number, hi: number) => LO + ((HI - LO) * (v - lo)) / (hi - lo || 1);
  const out = separate(
    pos.map((p) => ({ x: scale(p.x, x0, x1), y: scale(p.y, y0, y1) })),
    minSpacing(n),
  );
  return new Map(places.map((p, i) => [p.id, out[i]]));
}

const clamp = (v: number, m: number) => Math.max(-m, Math.min(m, v));
const box = (v: number) => Math.max(LO, Math.min(HI, v));
const far = (ps: Point[], d: number) => ps.every((p, i) => ps.every((q, j) => j <= i || Math.hypot(p.x - q.x, p.y - q.y) >= d));

/**
 * Pushes apart every pair closer than `d` (a force layout alone lets two linked places sit on each
 * other), keeping the square; rounded, with a margin so rounding keeps the spacing. Should the
 * relaxation not settle, each place takes the nearest free point of a grid at that spacing.
 */
function separate(start: Point[], d: number): Point[] {
  const want = d + 2;
  const ps = start.map((p) => ({ ...p }));
  for (let round = 0; round < 400; round++) {
    let moved = false;
    for (let i = 0; i < ps.length; i++) {
      for (let j = i + 1; j < ps.length; j++) {
        let dx = ps[j].x - ps[i].x,
          dy = ps[j].y - ps[i].y;
        let dist = Math.hypot(dx, dy);
        if (dist >= want) continue;
        // two places on one point part along a direction fixed by their order
        if (dist < 1e-6) {
          dx = Math.cos(i + j);
          dy = Math.sin(i + j);
          dist = 1;
        }
        const push = (want - dist) / 2 + 0.5;
        ps[i].x = box(ps[i].x - (dx / dist) * push);
        ps[i].y = box(ps[i].y - (dy / dist) * push);
        ps[j].x = box(ps[j].x + (dx / dist) * push);
        ps[j].y = box(ps[j].y + (dy / dist) * push);
        moved = true;
      }
    }
    if (!moved) break;
  }
  const rounded = ps.map((p) => ({ x: Math.round(p.x), y: Math.round(p.y) }));
  return far(rounded, d) ? rounded : onGrid(start, d);
}

/** The fallback: a hexagonal grid at spacing `d` over the square, each place on the free point nearest to where it was. */
function onGrid(start: Point[], d: number): Point[] {
  const grid: Point[] = [];
  const s = d + 2;
  const rowH = (s * Math.sqrt(3)) / 2;
  for (let r = 0; LO + r * rowH <= HI; r++) {
    for (let x = LO + (r % 2 ? s / 2 : 0); x <= HI; x += s) grid.push({ x: Math.ceil(x), y: Math.ceil(LO + r * rowH) });
  }
  const taken = new Set<number>();
  return start.map((p) => {
    let best = -1;
    grid.forEach((g, gi) => {
      if (!taken.has(gi) && (best < 0 || Math.hypot(g.x - p.x, g.y - p.y) < Math.hypot(grid[best].x - p.x, grid[best].y - p.y))) best = gi;
    });
    taken.add(best);
    return grid[best];
  });
}

/** A generated sub-area's position: around its parent, spread by its index. */
export function positionOf(layout: Map<string, Point>, state: WorldState, id: string): Point {
  const known = layout.get(id);
  if (known) return known;
  const i = state.generatedPlaces.findIndex((g) => g.id === id);
  const g = state.generatedPlaces[i];
  const parent = g ? positionOf(layout, state, g.parent) : { x: 500, y: 500 };
  const angle = (i * 2.399963) % (2 * Math.PI);
  return { x: Math.round(parent.x + 40 * Math.cos(angle)), y: Math.round(parent.y + 40 * Math.sin(angle)) };
}
