import type { Catalog } from '../scenario/catalog.ts';
import type { WorldState } from '../state/types.ts';

export interface Point { x: number; y: number }

/**
 * Map positions for the dashboard when a pack has none: a force layout of the travel graph (links
 * pull, every pair pushes), started from a circle in id order so it is the same every time.
 * Coordinates fit 0..1000. Generated sub-areas sit on a small ring around their parent.
 */
export function layoutPlaces(cat: Catalog): Map<string, Point> {
  const places = [...cat.places.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
  const n = places.length;
  const idx = new Map(places.map((p, i) => [p.id, i]));
  const pos = places.map((_, i) => ({ x: Math.cos((2 * Math.PI * i) / n), y: Math.sin((2 * Math.PI * i) / n) }));
  const k = 1 / Math.sqrt(Math.max(n, 1));
  for (let step = 0; step < 300; step++) {
    const force = pos.map(() => ({ x: 0, y: 0 }));
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const dx = pos[i].x - pos[j].x, dy = pos[i].y - pos[j].y;
        const d2 = Math.max(dx * dx + dy * dy, 1e-4);
        const f = (k * k) / d2;
        force[i].x += dx * f; force[i].y += dy * f;
        force[j].x -= dx * f; force[j].y -= dy * f;
      }
    }
    places.forEach((p, i) => {
      for (const l of p.links) {
        const j = idx.get(l.to);
        if (j === undefined) continue;
        const dx = pos[j].x - pos[i].x, dy = pos[j].y - pos[i].y;
        const d = Math.sqrt(dx * dx + dy * dy) || 1e-3;
        const f = (d - k * l.distance) * 0.5;
        force[i].x += (dx / d) * f; force[i].y += (dy / d) * f;
      }
    });
    const cool = 0.1 * (1 - step / 300);
    pos.forEach((p, i) => { p.x += clamp(force[i].x, cool); p.y += clamp(force[i].y, cool); });
  }
  const xs = pos.map((p) => p.x), ys = pos.map((p) => p.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const scale = (v: number, lo: number, hi: number) => Math.round(100 + (800 * (v - lo)) / (hi - lo || 1));
  return new Map(places.map((p, i) => [p.id, { x: scale(pos[i].x, x0, x1), y: scale(pos[i].y, y0, y1) }]));
}

const clamp = (v: number, m: number) => Math.max(-m, Math.min(m, v));

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
