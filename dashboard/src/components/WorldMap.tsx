import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useWorldCtx } from '../ctx.ts';
import { renderMessage } from '../format.ts';
import { useT } from '../i18n.ts';
import { along, clip, DOT_W, fit, NAME_H, PLACE_R, placeLabels, ROW_H, route, SUB_R, type Pt } from '../mapGeometry.ts';
import { ACT_MS, useMotion } from '../mapMotion.ts';
import { load } from '../storage.ts';
import type { ActorSummary, EntityView, EventView, PlaceView } from '../types.ts';

// the map's labels are drawn in this family (set on the svg) and measured in it, so the two agree
const MAP_FAMILY = 'system-ui, "Segoe UI", "PingFang SC", "Noto Sans CJK SC", sans-serif';
const NAME_FONT = `600 13px ${MAP_FAMILY}`;
const ROW_FONT = `12px ${MAP_FAMILY}`;
const ZOOMS = [1, 1.5, 2, 3];
const BUBBLES = 4;

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
 * zooming enlarges the drawing inside a scrolling box, so every part stays reachable.
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
  const box = useSize();
  const wrap = useRef<HTMLDivElement | null>(null);
  const setWrap = useCallback((node: HTMLDivElement | null) => {
    wrap.current = node;
    box.ref(node);
  }, []);
  const [zoom, setZoom] = useState(0);
  const k = ZOOMS[zoom];
  const W = Math.max(280, box.w) * k;
  const H = Math.max(260, box.h) * k;
  // a zoom starts at the middle of the drawing
  useLayoutEffect(() => {
    const el = wrap.current;
    if (el) {
      el.scrollLeft = (el.scrollWidth - el.clientWidth) / 2;
      el.scrollTop = (el.scrollHeight - el.clientHeight) / 2;
    }
  }, [zoom]);
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
      ),
    // the people at each place, as a key: recomputed when someone arrives or leaves, not every frame
    [pos, lang, me, [...byPlace].map(([p, l]) => `${p}:${l.map((a) => a.id).join(',')}`).join('|')],
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
  const anchor = new Map<string, Pt>();
  const walkers: { a: ActorSummary; p: Pt }[] = [];
  for (const [place, list] of byPlace) {
    const l = labels.get(place);
    if (!l) continue;
    const top = l.nameLast ? l.y : l.y + NAME_H;
    list.slice(0, l.rows).forEach((a, i) => anchor.set(a.id, { x: l.x + 6, y: top + i * ROW_H + ROW_H / 2 }));
  }
  for (const a of props.actors) {
    const w = motion.walks.get(a.id);
    if (!w) continue;
    const pts = w.path.map((id) => pos.get(id)).filter((p): p is Pt => !!p);
    if (!pts.length) continue;
    const p = along(pts, (motion.now - w.start) / w.dur);
    anchor.set(a.id, p);
    walkers.push({ a, p });
  }
  const bubbles = [...motion.said]
    .filter(([id]) => anchor.has(id))
    .sort((x, y) => y[1].seq - x[1].seq)
    .slice(0, BUBBLES);
  const personCls = (a: ActorSummary) =>
    `person status-${a.status}${a.isPlayer ? ' player' : ''}${a.id === me ? ' me' : ''}${sel('actor', a.id) ? ' selected' : ''}`;
  const ping = (id: string) => {
    const at = motion.acted.get(id);
    return at !== undefined && motion.now - at < ACT_MS ? <circle class="acted" r={6} key={`ping-${at}`} /> : null;
  };
  const sayText = (s: { content: unknown; line: EventView['text'] }) => {
    const said = s.content
      ? renderMessage(
          lang,
          s.content,
          (id) => tx(byId.get(id)?.name ?? placeById.get(id)?.name ?? entById.get(id)?.name ?? facts.get(id)?.content) || id,
        )
      : '';
    return clip(said || tx(s.line), 34);
  };

  return (
    <div class="map-frame">
      <div class="map-wrap" ref={setWrap} data-testid="map-wrap">
        <svg
          class="world-map"
          style={{ fontFamily: MAP_FAMILY }}
          width={W}
          height={H}
          viewBox={`0 0 ${W} ${H}`}
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
                    <text class="place-name" x={l.x} y={(l.nameLast ? l.y + l.h - NAME_H : l.y) + 13}>
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
                          <rect class="hit" x={-6} y={-ROW_H / 2} width={DOT_W + textW(nameOf(a), ROW_FONT) + 4} height={ROW_H} />
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
                        x={l.x + 6}
                        y={(l.nameLast ? l.y : l.y + NAME_H) + l.rows * ROW_H + 12}
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
            {walkers.map(({ a, p }) => (
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
                <text class="person-name" y={-10} text-anchor="middle">
                  {nameOf(a)}
                </text>
              </g>
            ))}
          </g>
          <g class="bubbles" aria-hidden="true">
            {bubbles.map(([id, s]) => {
              const at = anchor.get(id)!;
              const text = sayText(s);
              const bw = textW(text, ROW_FONT) + 12;
              const x = Math.max(2, Math.min(W - bw - 2, at.x - 10));
              const y = Math.max(2, at.y - 34);
              return (
                <g key={id} class="bubble" data-bubble={id}>
                  <rect x={x} y={y} width={bw} height={20} rx={8} />
                  <path d={`M ${at.x - 2} ${y + 19} L ${at.x + 2} ${at.y - 7} L ${at.x + 8} ${y + 19} Z`} />
                  <text x={x + 6} y={y + 14}>
                    {text}
                  </text>
                </g>
              );
            })}
          </g>
        </svg>
      </div>
      <div class="map-zoom">
        <button
          type="button"
          data-testid="map-zoom-in"
          aria-label={t('map.zoom_in')}
          disabled={zoom === ZOOMS.length - 1}
          onClick={() => setZoom(zoom + 1)}
        >
          +
        </button>
        <button
          type="button"
          data-testid="map-zoom-out"
          aria-label={t('map.zoom_out')}
          disabled={zoom === 0}
          onClick={() => setZoom(zoom - 1)}
        >
          −
        </button>
      </div>
    </div>
  );
}
