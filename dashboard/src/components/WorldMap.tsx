import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useNames, useWorldCtx } from '../ctx.ts';
import { renderMessage } from '../format.ts';
import { useT } from '../i18n.ts';
import {
  along,
  type Align,
  type Box,
  clip,
  DOT_W,
  fit,
  PLACE_R,
  placeBubbles,
  placeLabels,
  placeWalkerNames,
  walkerNameBox,
  type WalkerSpot,
  ROW_H,
  route,
  SUB_R,
  type Pt,
} from '../mapGeometry.ts';
import { ACT_MS, useMotion } from '../mapMotion.ts';
import { load } from '../storage.ts';
import type { ActorSummary, EntityView, EventView, PlaceView } from '../types.ts';
import { usePanZoom, ZOOM_MAX, ZOOM_MIN } from '../usePanZoom.ts';

// the map's labels are drawn in this family (set on the svg) and measured in it, so the two agree
const MAP_FAMILY = 'system-ui, "Segoe UI", "PingFang SC", "Noto Sans CJK SC", sans-serif';
const NAME_FONT = `600 13px ${MAP_FAMILY}`;
const ROW_FONT = `12px ${MAP_FAMILY}`;
// a name on the road is drawn centred and in weight 600 (style.css, `.person.walking`), so it is measured so
const WALKER_FONT = `600 ${ROW_FONT}`;
const ZOOM_STEP = 1.5;
const BUBBLE_H = 20;
const BUBBLES = 4;

/** Where a run `w` wide starts when it keeps to `align` inside `box` (centred on `mid`). */
const startX = (align: Align, box: Box, w: number, mid: number) =>
  align === 'start' ? box.x : align === 'end' ? box.x + box.w - w : mid - w / 2;

/** A clickable shape that the keyboard reaches too (Tab, then Enter or Space). */
const pressable = (label: string, run: () => void) => ({
  role: 'button' as const,
  tabIndex: 0,
  'aria-label': label,
  onClick: (e: MouseEvent) => {
    e.stopPropagation();
    run();
  },
  onKeyDown: (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      run();
    }
  },
});

let canvas: CanvasRenderingContext2D | null = null;
const widths = new Map<string, number>();
/** A text's width in pixels in the map's fonts (measured once, then remembered). */
function textW(s: string, font: string): number {
  const key = `${font}|${s}`;
  let w = widths.get(key);
  if (w === undefined) {
    canvas ??= document.createElement('canvas').getContext('2d');
    if (canvas) {
      canvas.font = font;
      w = canvas.measureText(s).width;
    } else w = [...s].length * 8;
    widths.set(key, w);
  }
  return w;
}

/** The map's box in CSS pixels, followed as the page resizes; `ref` goes on the box (whichever element it is at the time). */
function useSize(): { w: number; h: number; ref: (el: HTMLDivElement | null) => void } {
  const [size, setSize] = useState({ w: 800, h: 560 });
  const ro = useRef<ResizeObserver | null>(null);
  const el = useRef<HTMLDivElement | null>(null);
  const ref = useCallback((node: HTMLDivElement | null) => {
    ro.current?.disconnect();
    el.current = node;
    if (!node) return;
    const read = () =>
      setSize((s) =>
        Math.abs(s.w - node.clientWidth) < 1 && Math.abs(s.h - node.clientHeight) < 1 ? s : { w: node.clientWidth, h: node.clientHeight },
      );
    read();
    ro.current = new ResizeObserver(read);
    ro.current.observe(node);
  }, []);
  return { ...size, ref };
}

/**
 * The world: places and their roads; beside each place its name and the people there (the busiest
 * list as many as fit, the rest as "+n", which opens the place); people on the road walk along it;
 * a bubble shows what someone just said, a ring who just acted; the player's own character is
 * marked gold with a halo. Drawn at the box's pixel size so the text reads the same on a phone;
 * zooming lays the drawing out larger (places spread apart, text keeps its size) and the view pans
 * over it: drag, pinch, Ctrl+wheel, the arrow keys and the zoom buttons.
 */
export function WorldMap(props: {
  actors: ActorSummary[];
  entities: EntityView[];
  places: PlaceView[];
  events: EventView[];
  tickMs: number;
}) {
  const { t, tx, lang } = useT();
  const { select, selected, world, actors: byId, places: placeById, entities: entById, facts } = useWorldCtx();
  const names = useNames();
  const box = useSize();
  const bw = Math.max(280, box.w);
  const bh = Math.max(260, box.h);
  const pz = usePanZoom(bw, bh);
  const setWrap = useCallback((node: HTMLDivElement | null) => {
    box.ref(node);
    pz.ref(node);
  }, []);
  const { k } = pz.view;
  // where the zoom buttons stand over the box, as laid out (style.css): names are placed clear of them
  const [buttons, setButtons] = useState<Box | null>(null);
  const zoomRef = useRef<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    const el = zoomRef.current;
    if (!el) return;
    const b = { x: el.offsetLeft - 2, y: el.offsetTop - 2, w: el.offsetWidth + 4, h: el.offsetHeight + 4 };
    setButtons((was) => (was && was.x === b.x && was.y === b.y && was.w === b.w && was.h === b.h ? was : b));
  }, [bw, bh, props.places.length > 0]);
  const W = bw * k;
  const H = bh * k;
  const me = load<{ actorId?: string } | null>(`player.${world}`, null)?.actorId ?? null;

  const pos = useMemo(() => fit(props.places, W, H), [props.places, W, H]);
  const routeOf = (from: string, to: string) => route(props.places, from, to);
  const motion = useMotion(props.events, props.tickMs, routeOf);

  // who stands where: those on the road are drawn on it, not listed at a place
  const walking = (a: ActorSummary) => motion.walks.has(a.id);
  const byPlace = new Map<string, ActorSummary[]>();
  for (const a of props.actors)
    if (!walking(a) && a.status !== 'dead' && !a.left) (byPlace.get(a.place) ?? byPlace.set(a.place, []).get(a.place)!).push(a);
  // the player first, then the rest by name: a list that does not reshuffle each tick
  for (const list of byPlace.values())
    list.sort((a, b) => Number(b.id === me) - Number(a.id === me) || tx(a.name).localeCompare(tx(b.name)));
  const nameOf = (a: ActorSummary) => (a.id === me ? t('map.you', { name: tx(a.name) }) : tx(a.name));

  const labels = useMemo(
    () =>
      placeLabels(
        props.places.map((p) => ({
          id: p.id,
          at: pos.get(p.id)!,
          r: p.parent ? SUB_R : PLACE_R,
          nameW: textW(tx(p.name), NAME_FONT),
          rowWs: (byPlace.get(p.id) ?? []).map((a) => textW(nameOf(a), ROW_FONT)),
          moreW: (n: number) => textW(t('map.more', { n }), ROW_FONT),
          minRows: (byPlace.get(p.id) ?? []).some((a) => a.id === me) ? 1 : 0,
        })),
        W,
        H,
        W >= 700 ? 6 : 4,
        // with the whole drawing in view it is laid out in the box's pixels, so the buttons stand where they are drawn
        // (zoomed in, the view moves under them)
        k > ZOOM_MIN || !buttons ? [] : [buttons],
      ),
    // the people at each place, as a key: recomputed when someone arrives or leaves, not every frame
    [pos, lang, me, buttons, [...byPlace].map(([p, l]) => `${p}:${l.map((a) => a.id).join(',')}`).join('|')],
  );

  const links = useMemo(() => {
    const seen = new Set<string>();
    const out: { a: Pt; b: Pt; key: string }[] = [];
    for (const p of props.places) {
      const ends = [...p.links.map((l) => l.to), ...(p.parent ? [p.parent] : [])];
      for (const to of ends) {
        const key = [p.id, to].sort().join('|');
        const a = pos.get(p.id),
          b = pos.get(to);
        if (seen.has(key) || !a || !b) continue;
        seen.add(key);
        out.push({ a, b, key });
      }
    }
    return out;
  }, [props.places, pos]);

  // the box is there from the start: its size is what the drawing is laid out in
  if (!props.places.length)
    return (
      <div class="map-frame">
        <div class="map-wrap" ref={setWrap}>
          <p class="empty">{t('map.loading')}</p>
        </div>
      </div>
    );
  const sel = (kind: 'actor' | 'entity' | 'place', id: string) => selected?.kind === kind && selected.id === id;
  const pick = (kind: 'actor' | 'entity' | 'place', id: string) => () => select({ kind, id });

  // where each person is drawn this frame: their row beside a place, or a point on the road
  // a row keeps to the side of its list that faces the place; its box is what a bubble must not cover
  const anchor = new Map<string, Pt>();
  const walkers: { a: ActorSummary; p: Pt; nw: number; spot?: WalkerSpot }[] = [];
  const nameBoxes: Box[] = [];
  const rowW = (a: ActorSummary) => DOT_W + textW(nameOf(a), ROW_FONT) + 4;
  for (const [place, list] of byPlace) {
    const l = labels.get(place);
    if (!l) continue;
    const mid = pos.get(place)!.x;
    list.slice(0, l.rows).forEach((a, i) => {
      const at = { x: startX(l.align, l.list, rowW(a), mid) + 6, y: l.list.y + i * ROW_H + ROW_H / 2 };
      anchor.set(a.id, at);
      nameBoxes.push({ x: at.x - 6, y: at.y - ROW_H / 2, w: rowW(a), h: ROW_H });
    });
  }
  for (const p of props.places) {
    const l = labels.get(p.id);
    if (l) nameBoxes.push(l.name, l.list);
  }
  for (const a of props.actors) {
    const w = motion.walks.get(a.id);
    if (!w) continue;
    const pts = w.path.map((id) => pos.get(id)).filter((p): p is Pt => !!p);
    if (!pts.length) continue;
    const p = along(pts, (motion.now - w.start) / w.dur);
    anchor.set(a.id, p);
    walkers.push({ a, p, nw: textW(nameOf(a), WALKER_FONT) });
  }
  // a margin for what the measure misses: a name drawn bold (the player's, a walker's, a selected one) is wider
  const pad = (b: Box) => ({ x: b.x - 4, y: b.y - 3, w: b.w * 1.1 + 8, h: b.h + 6 });
  // a walker's name keeps off the places' names and lists (and off other walkers' names), else it is not drawn
  const walkerName = placeWalkerNames(
    walkers.map(({ a, p, nw }) => ({ id: a.id, at: p, w: nw })),
    nameBoxes.map(pad),
    W,
    H,
  );
  for (const w of walkers) {
    w.spot = walkerName.get(w.a.id);
    if (w.spot) nameBoxes.push(walkerNameBox(w.p, w.nw, w.spot));
  }
  const personCls = (a: ActorSummary) =>
    `person status-${a.status}${a.isPlayer ? ' player' : ''}${a.id === me ? ' me' : ''}${sel('actor', a.id) ? ' selected' : ''}`;
  const ping = (id: string) => {
    const at = motion.acted.get(id);
    return at !== undefined && motion.now - at < ACT_MS ? <circle class="acted" r={6} key={`ping-${at}`} /> : null;
  };
  const sayText = (s: { content: unknown; line: EventView['text'] }) => {
    const said = s.content
      ? renderMessage(lang, s.content, (id, kind) =>
          kind === 'fact'
            ? tx(facts.get(id)?.content) || id
            : tx(byId.get(id)?.name ?? placeById.get(id)?.name ?? entById.get(id)?.name) || names.ref(id, kind),
        )
      : '';
    return clip(said || tx(s.line), 34);
  };
  // the newest few bubbles, each where it covers no name (else not drawn: the feed has the words)
  const said = [...motion.said]
    .filter(([id]) => anchor.has(id))
    .sort((x, y) => y[1].seq - x[1].seq)
    .slice(0, BUBBLES)
    .map(([id, s]) => ({ id, at: anchor.get(id)!, text: sayText(s) }));
  // the zoom buttons where they stand over the view (the view's top left is `pz.view` in the drawing): no bubble under them
  const overView = buttons ? [{ ...buttons, x: buttons.x + pz.view.x, y: buttons.y + pz.view.y }] : [];
  const spots = placeBubbles(
    said.map((b) => ({ id: b.id, at: b.at, w: textW(b.text, ROW_FONT) + 12, h: BUBBLE_H })),
    [...nameBoxes.map(pad), ...overView],
    props.places.map((p) => {
      const c = pos.get(p.id)!;
      const r = p.parent ? SUB_R : PLACE_R;
      return { x: c.x - r, y: c.y - r, w: 2 * r, h: 2 * r };
    }),
    W,
    H,
  );

  return (
    <div class="map-frame">
      <div
        class={`map-wrap${k > ZOOM_MIN ? ' zoomed' : ''}`}
        ref={setWrap}
        data-testid="map-wrap"
        tabIndex={0}
        role="group"
        aria-label={t('map.pan_hint')}
        {...pz.handlers}
      >
        <svg
          class="world-map"
          style={{ fontFamily: MAP_FAMILY }}
          width={bw}
          height={bh}
          viewBox={`${pz.view.x} ${pz.view.y} ${bw} ${bh}`}
          role="img"
          aria-label={t('map.aria')}
          data-testid="world-map"
        >
          <g class="links">
            {links.map((l) => (
              <line key={l.key} x1={l.a.x} y1={l.a.y} x2={l.b.x} y2={l.b.y} />
            ))}
          </g>
          <g class="things">
            {props.entities.map((e, i) => {
              const c = pos.get(e.location);
              if (!c) return null;
              const a = (i * 2.399963) % (2 * Math.PI);
              const r = PLACE_R + 7;
              return (
                <g
                  key={e.id}
                  class={`thing${sel('entity', e.id) ? ' selected' : ''}`}
                  data-entity={e.id}
                  transform={`translate(${c.x + r * Math.cos(a)} ${c.y + r * Math.sin(a)})`}
                  {...pressable(tx(e.name), pick('entity', e.id))}
                >
                  <rect x={-4} y={-4} width={8} height={8} transform="rotate(45)" />
                  <title>{tx(e.name)}</title>
                </g>
              );
            })}
          </g>
          <g class="places">
            {props.places.map((p) => {
              const c = pos.get(p.id)!;
              const l = labels.get(p.id)!;
              const here = byPlace.get(p.id) ?? [];
              return (
                <g key={p.id} class="place-block">
                  <g
                    class={`place${sel('place', p.id) ? ' selected' : ''}${p.parent ? ' sub' : ''}${here.some((a) => a.id === me) ? ' mine' : ''}`}
                    data-place={p.id}
                    {...pressable(tx(p.name), pick('place', p.id))}
                  >
                    <circle
                      cx={c.x}
                      cy={c.y}
                      r={p.parent ? SUB_R : PLACE_R}
                      style={{ fillOpacity: 0.3 + Math.max(-0.15, Math.min(0.35, p.mood / 20)) }}
                    />
                    {here.length > 0 && (
                      <text class="count" x={c.x} y={c.y + 4} text-anchor="middle">
                        {here.length}
                      </text>
                    )}
                    <text
                      class="place-name"
                      x={l.align === 'start' ? l.name.x : l.align === 'end' ? l.name.x + l.name.w : c.x}
                      y={l.name.y + 13}
                      text-anchor={l.align}
                    >
                      {tx(p.name)}
                    </text>
                  </g>
                  <g class="roster" data-roster={p.id}>
                    {here.slice(0, l.rows).map((a) => {
                      const at = anchor.get(a.id)!;
                      return (
                        <g
                          key={a.id}
                          class={personCls(a)}
                          data-actor={a.id}
                          transform={`translate(${at.x} ${at.y})`}
                          {...pressable(tx(a.name), pick('actor', a.id))}
                        >
                          <rect class="hit" x={-6} y={-ROW_H / 2} width={rowW(a)} height={ROW_H} />
                          {a.id === me && <circle class="halo" r={8} />}
                          <circle class="dot" r={4} />
                          {ping(a.id)}
                          <text class="person-name" x={DOT_W - 6} y={4}>
                            {nameOf(a)}
                          </text>
                        </g>
                      );
                    })}
                    {l.more > 0 && (
                      <text
                        class="more"
                        data-more={l.more}
                        x={startX(l.align, l.list, textW(t('map.more', { n: l.more }), ROW_FONT) + 4, c.x) + 2}
                        y={l.list.y + l.rows * ROW_H + 12}
                        {...pressable(t('map.more', { n: l.more }), pick('place', p.id))}
                      >
                        {t('map.more', { n: l.more })}
                      </text>
                    )}
                  </g>
                </g>
              );
            })}
          </g>
          <g class="walkers">
            {walkers.map(({ a, p, spot }) => (
              <g
                key={a.id}
                class={`${personCls(a)} walking`}
                data-actor={a.id}
                data-walking="1"
                transform={`translate(${p.x} ${p.y})`}
                {...pressable(tx(a.name), pick('actor', a.id))}
              >
                {a.id === me && <circle class="halo" r={10} />}
                <circle class="dot" r={6} />
                {ping(a.id)}
                {spot && (
                  <text class="person-name" x={spot.dx} y={spot.dy} text-anchor={spot.anchor}>
                    {nameOf(a)}
                  </text>
                )}
              </g>
            ))}
          </g>
          <g class="bubbles" aria-hidden="true">
            {said.map(({ id, at, text }) => {
              const b = spots.get(id);
              if (!b) return null;
              // the tail runs from the bubble's near edge to the speaker
              const above = b.y + b.h <= at.y;
              const edge = above ? b.y + b.h - 1 : b.y + 1;
              const tip = above ? at.y - 7 : at.y + 7;
              const tx0 = Math.max(b.x + 4, Math.min(b.x + b.w - 10, at.x - 3));
              return (
                <g key={id} class="bubble" data-bubble={id}>
                  <rect x={b.x} y={b.y} width={b.w} height={b.h} rx={8} />
                  <path d={`M ${tx0} ${edge} L ${at.x} ${tip} L ${tx0 + 6} ${edge} Z`} />
                  <text x={b.x + 6} y={b.y + 14}>
                    {text}
                  </text>
                </g>
              );
            })}
          </g>
        </svg>
      </div>
      <div class="map-zoom" ref={zoomRef}>
        <button
          type="button"
          data-testid="map-zoom-in"
          aria-label={t('map.zoom_in')}
          disabled={k >= ZOOM_MAX}
          onClick={() => pz.zoomBy(ZOOM_STEP)}
        >
          +
        </button>
        <button
          type="button"
          data-testid="map-zoom-out"
          aria-label={t('map.zoom_out')}
          disabled={k <= ZOOM_MIN}
          onClick={() => pz.zoomBy(1 / ZOOM_STEP)}
        >
          −
        </button>
      </div>
    </div>
  );
}
