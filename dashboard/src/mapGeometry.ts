/** The map's geometry, kept apart from drawing: where places go in a box, the roads between them, and where each label block fits. */

export type Pt = { x: number; y: number };
export type Box = { x: number; y: number; w: number; h: number };

export const PLACE_R = 16;
export const SUB_R = 10;
/** a place's name line, then one line per person listed beside it */
export const NAME_H = 18;
export const ROW_H = 16;
/** room for a person's dot before their name */
export const DOT_W = 13;

type PlaceLike = { id: string; x: number; y: number; parent?: string; links: { to: string; distance: number }[] };

/** Places scaled into a w x h box, leaving margins for the labels. */
export function fit(places: PlaceLike[], w: number, h: number): Map<string, Pt> {
  const xs = places.map((p) => p.x);
  const ys = places.map((p) => p.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const px = Math.max(40, Math.min(110, w * 0.12));
  const py = Math.max(34, Math.min(70, h * 0.09));
  const sx = (w - 2 * px) / (x1 - x0 || 1);
  const sy = (h - 2 * py) / (y1 - y0 || 1);
  return new Map(places.map((p) => [p.id, { x: px + (p.x - x0) * sx, y: py + (p.y - y0) * sy }]));
}

/** The shortest way by road from one place to another, as the places passed (both ends included); a straight line when there is none. */
export function route(places: PlaceLike[], from: string, to: string): string[] {
  const next = new Map<string, { to: string; d: number }[]>();
  const add = (a: string, b: string, d: number) => (next.get(a) ?? next.set(a, []).get(a)!).push({ to: b, d });
  for (const p of places) {
    for (const l of p.links) {
      add(p.id, l.to, l.distance);
      add(l.to, p.id, l.distance);
    }
    if (p.parent) {
      add(p.id, p.parent, 1);
      add(p.parent, p.id, 1);
    }
  }
  const dist = new Map<string, number>([[from, 0]]);
  const prev = new Map<string, string>();
  const open = new Set([from]);
  while (open.size) {
    const at = [...open].reduce((a, b) => (dist.get(a)! <= dist.get(b)! ? a : b));
    open.delete(at);
    if (at === to) break;
    for (const e of next.get(at) ?? []) {
      const d = dist.get(at)! + e.d;
      if (d < (dist.get(e.to) ?? Infinity)) {
        dist.set(e.to, d);
        prev.set(e.to, at);
        open.add(e.to);
      }
    }
  }
  if (!prev.has(to)) return [from, to];
  const out = [to];
  while (out[0] !== from) out.unshift(prev.get(out[0])!);
  return out;
}

/** The point a fraction t (0..1) of the way along a polyline. */
export function along(pts: Pt[], t: number): Pt {
  if (pts.length < 2) return pts[0] ?? { x: 0, y: 0 };
  const lens = pts.slice(1).map((p, i) => Math.hypot(p.x - pts[i].x, p.y - pts[i].y));
  let left = Math.max(0, Math.min(1, t)) * lens.reduce((a, b) => a + b, 0);
  for (let i = 0; i < lens.length; i++) {
    if (left <= lens[i] || i === lens.length - 1) {
      const f = lens[i] ? Math.min(1, left / lens[i]) : 1;
      return { x: pts[i].x + (pts[i + 1].x - pts[i].x) * f, y: pts[i].y + (pts[i + 1].y - pts[i].y) * f };
    }
    left -= lens[i];
  }
  return pts[pts.length - 1];
}

const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
const outside = (a: Box, w: number, h: number) => a.w * a.h - overlap(a, { x: 0, y: 0, w, h });

export type LabelIn = {
  id: string;
  at: Pt;
  r: number;
  nameW: number;
  rowWs: number[];
  moreW: (hidden: number) => number;
  /** rows always listed, however crowded (the player's own line comes first and is never folded away) */
  minRows?: number;
};
/** Which side of its block a label keeps to: the side that faces its place, so names and people hug their circle. */
export type Align = 'start' | 'end' | 'middle';
/**
 * A place's label block: its top-left, size, how many of its people are listed (the rest summed up
 * in one line), whether the name is its first line or its last (a block above its place ends
 * with the name, so the name always touches the circle), the name's own box, the list's box, and
 * the side both keep to (a block left of its place is right-aligned, one below or above is centred).
 */
export type LabelOut = Box & { rows: number; more: number; nameLast: boolean; align: Align; name: Box; list: Box };

/** Where a box `w` wide starts when it keeps to `align` inside a span from `x` of width `span` (or centred on `mid`). */
const alignX = (align: Align, x: number, span: number, w: number, mid: number) =>
  align === 'start' ? x : align === 'end' ? x + span - w : mid - w / 2;

/**
 * Where each place's block (name, then its people) goes. Names first, busiest place first, each
 * beside, below or above its circle (never further from it than its radius) where it covers no
 * circle and no other name and stays inside the box (room for its people weighs a thousandth of
 * that), so a crowd never pushes a name onto another place while a free spot exists. Then each
 * place's people, busiest first, listed on the far side of its name, on the side facing the circle,
 * for as many lines as fit without covering a name, a circle or another list; the rest summed up in
 * one "+n" line. The same every time. `clear`: what stands over the box (its buttons), covered as a circle is.
 */
export function placeLabels(items: LabelIn[], w: number, h: number, maxRows: number, clear: Box[] = []): Map<string, LabelOut> {
  const circles: (Box & { id: string })[] = items.map((i) => ({
    id: i.id,
    x: i.at.x - i.r - 3,
    y: i.at.y - i.r - 3,
    w: 2 * i.r + 6,
    h: 2 * i.r + 6,
  }));
  const names = new Map<string, Box & { last: boolean; align: Align }>();
  const lists: (Box & { id: string })[] = [];
  const cover = (b: Box, own: string) => {
    let c = 20 * outside(b, w, h);
    for (const o of circles) if (o.id !== own) c += 10 * overlap(b, o);
    for (const [id, o] of names) if (id !== own) c += 10 * overlap(b, o);
    for (const o of lists) if (o.id !== own) c += 10 * overlap(b, o);
    for (const o of clear) c += 10 * overlap(b, o);
    return c;
  };

  const busiest = [...items].sort((a, b) => b.rowWs.length - a.rowWs.length || (a.id < b.id ? -1 : 1));
  for (const it of busiest) {
    const bw = it.nameW + 4;
    // room for its people on the far side of the name weighs far less than a name or circle covered
    const lines = Math.min(it.rowWs.length, maxRows);
    const roomW = Math.max(0, ...it.rowWs.slice(0, lines)) + DOT_W + 4;
    const { x, y } = it.at;
    const g = it.r + 5;
    const mid = NAME_H / 2 + 1;
    // `last`: the name ends the block, its people listed above it; every spot is within the radius of the circle
    const candidates: (Pt & { last: boolean; align: Align })[] = [
      { x: x + g, y: y - mid, last: false, align: 'start' },
      { x: x - g - bw, y: y - mid, last: false, align: 'end' },
      { x: x - bw / 2, y: y + g, last: false, align: 'middle' },
      { x: x - bw / 2, y: y - g - NAME_H, last: true, align: 'middle' },
      { x: x + g, y: y - mid, last: true, align: 'start' },
      { x: x - g - bw, y: y - mid, last: true, align: 'end' },
      { x: x + 4, y: y + g - 4, last: false, align: 'start' },
      { x: x - bw - 4, y: y + g - 4, last: false, align: 'end' },
      { x: x + 4, y: y - g - NAME_H + 4, last: true, align: 'start' },
      { x: x - bw - 4, y: y - g - NAME_H + 4, last: true, align: 'end' },
      // a crowded corner: a line higher or lower, still beside its circle
      ...[-1, 1].flatMap((k) => [
        { x: x + g, y: y - mid + k * NAME_H, last: k < 0, align: 'start' as const },
        { x: x - g - bw, y: y - mid + k * NAME_H, last: k < 0, align: 'end' as const },
      ]),
    ];
    let best: (Box & { last: boolean; align: Align }) | null = null;
    let bestCost = Infinity;
    for (const c of candidates) {
      const b = { x: c.x, y: c.y, w: bw, h: NAME_H };
      const room = { x: alignX(c.align, c.x, bw, roomW, x), y: c.last ? c.y - lines * ROW_H : c.y + NAME_H, w: roomW, h: lines * ROW_H };
      const cost = 1000 * cover(b, it.id) + (lines ? cover(room, it.id) : 0);
      if (cost < bestCost) {
        bestCost = cost;
        best = { ...b, last: c.last, align: c.align };
      }
    }
    names.set(it.id, best!);
  }

  const out = new Map<string, LabelOut>();
  for (const it of busiest) {
    const name = names.get(it.id)!;
    const nameBox = { x: name.x, y: name.y, w: name.w, h: name.h };
    const all = it.rowWs.length;
    const least = Math.min(all, it.minRows ?? 0);
    let chosen: LabelOut | null = null;
    let forced: (Box & { id: string }) | null = null;
    for (let rows = Math.max(least, Math.min(all, maxRows)); rows >= least && !chosen; rows--) {
      const more = all - rows;
      const lines = rows + (more ? 1 : 0);
      const lw = lines ? Math.max(...it.rowWs.slice(0, rows).map((x) => x + DOT_W), more ? it.moreW(more) : 0) + 4 : 0;
      // the people on the side the name leaves free first, then on the other
      for (const above of [name.last, !name.last]) {
        const lx = alignX(name.align, name.x, name.w, lw, it.at.x);
        const list = { id: it.id, x: lx, y: above ? name.y - lines * ROW_H : name.y + NAME_H, w: lw, h: lines * ROW_H };
        const x0 = Math.min(name.x, lx);
        const block: LabelOut = {
          x: x0,
          y: Math.min(name.y, list.y),
          w: Math.max(name.x + name.w, lx + lw) - x0,
          h: NAME_H + lines * ROW_H,
          rows,
          more,
          nameLast: above,
          align: name.align,
          name: nameBox,
          list: { x: list.x, y: list.y, w: list.w, h: list.h },
        };
        if (!lines || cover(list, it.id) === 0) {
          chosen = block;
          if (lines) lists.push(list);
          break;
        }
        // nothing fits but the lines it must keep: listed anyway, so everyone stays findable
        if (rows === least && !forced) {
          forced = list;
          out.set(it.id, block);
        }
      }
    }
    if (!chosen && forced) {
      lists.push(forced);
      continue;
    }
    out.set(it.id, chosen!);
  }
  return out;
}

/** Whether a box leaves the w x h area or covers any box of the lists: a spot a bubble or a walker's name may not take. */
function covers(box: Box, w: number, h: number, ...lists: Box[][]): boolean {
  if (outside(box, w, h) > 0) return true;
  for (const list of lists) for (const o of list) if (overlap(box, o) > 0) return true;
  return false;
}

/** A speech bubble to place: who speaks, where they are drawn, and the bubble's size. */
export type BubbleIn = { id: string; at: Pt; w: number; h: number };

/**
 * Where each bubble goes: near its speaker (above first, then below, then a little further off) where
 * it covers no name or list and no earlier bubble, and stays inside the box; circles weigh less. A
 * bubble with no such spot is left out (what was said is in the feed), so a bubble never hides a name.
 */
export function placeBubbles(items: BubbleIn[], labels: Box[], circles: Box[], w: number, h: number): Map<string, Box> {
  const out = new Map<string, Box>();
  const placed: Box[] = [];
  for (const b of items) {
    const xs = [b.at.x - 10, b.at.x - b.w + 10, b.at.x - b.w / 2];
    const ys = [b.at.y - b.h - 14, b.at.y + 12, b.at.y - b.h - 34, b.at.y + 32, b.at.y - b.h - 54, b.at.y + 52];
    let best: Box | null = null;
    let bestCost = Infinity;
    for (const y of ys)
      for (const x of xs) {
        const box = { x, y, w: b.w, h: b.h };
        if (covers(box, w, h, labels, placed)) continue;
        let soft = 0;
        for (const o of circles) soft += overlap(box, o);
        if (soft < bestCost) {
          bestCost = soft;
          best = box;
        }
      }
    if (best) {
      out.set(b.id, best);
      placed.push(best);
    }
  }
  return out;
}

/** A walker's name to place: who, where their dot is, and the name's width. */
export type WalkerIn = { id: string; at: Pt; w: number };
/** Where a walker's name is drawn against its dot: the text's anchor point and its alignment there. */
export type WalkerSpot = { dx: number; dy: number; anchor: Align };
/** Above the dot first, then below, right and left: the baseline, with glyphs about 13 px above it and 3 below. */
export const WALKER_SPOTS: readonly WalkerSpot[] = [
  { dx: 0, dy: -10, anchor: 'middle' },
  { dx: 0, dy: 20, anchor: 'middle' },
  { dx: 10, dy: 4, anchor: 'start' },
  { dx: -10, dy: 4, anchor: 'end' },
];
const WALKER_H = 16;

/** The box a walker's name `w` wide covers at a spot beside its dot. */
export function walkerNameBox(at: Pt, w: number, s: WalkerSpot): Box {
  return { x: alignX(s.anchor, at.x + s.dx, 0, w, at.x + s.dx), y: at.y + s.dy - 13, w, h: WALKER_H };
}

/**
 * Where each walker's name goes: the first spot beside its dot (above, below, right, left) where it
 * covers no name or list of a place and no walker's name placed before it, and stays inside the box.
 * A walker with no such spot keeps its dot but no name this frame, as it passes through a place's
 * names (a place's name matters more than a passer-by's, who is named again a step later).
 */
export function placeWalkerNames(items: WalkerIn[], labels: Box[], w: number, h: number): Map<string, WalkerSpot> {
  const out = new Map<string, WalkerSpot>();
  const placed: Box[] = [];
  for (const it of items) {
    for (const spot of WALKER_SPOTS) {
      const box = walkerNameBox(it.at, it.w, spot);
      if (covers(box, w, h, labels, placed)) continue;
      out.set(it.id, spot);
      placed.push(box);
      break;
    }
  }
  return out;
}

/** Up to n characters of a line, with an ellipsis when cut. */
export function clip(s: string, n: number): string {
  const chars = [...s.replace(/\s+/g, ' ').trim()];
  return chars.length <= n ? chars.join('') : `${chars.slice(0, n - 1).join('')}…`;
}
