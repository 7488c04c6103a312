import { useMemo } from 'preact/hooks';
import { useWorldCtx } from '../ctx.ts';
import { useT } from '../i18n.ts';
import type { ActorSummary, EntityView, PlaceView } from '../types.ts';

const W = 1000;
const H = 640;
const PADX = 130;
const PADY = 60;

type Pt = { x: number; y: number };

/** A clickable shape that the keyboard reaches too (Tab, then Enter or Space). */
const pressable = (label: string, run: () => void) => ({
  role: 'button' as const, tabIndex: 0, 'aria-label': label, onClick: run,
  onKeyDown: (e: KeyboardEvent) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); run(); } },
});

/** Places scaled into the drawing, whatever units the server's layout uses. */
function layout(places: PlaceView[]): Map<string, Pt> {
  const xs = places.map((p) => p.x);
  const ys = places.map((p) => p.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const sx = (W - 2 * PADX) / (x1 - x0 || 1);
  const sy = (H - 2 * PADY - 30) / (y1 - y0 || 1);
  return new Map(places.map((p) => [p.id, { x: PADX + (p.x - x0) * sx, y: PADY + (p.y - y0) * sy }]));
}

/** The i-th of n things in rings around a place. */
function ring(c: Pt, i: number, base: number, per: number): Pt {
  const r = base + Math.floor(i / per) * 11;
  const a = ((i % per) / per) * 2 * Math.PI - Math.PI / 2 + Math.floor(i / per) * 0.3;
  return { x: c.x + r * Math.cos(a), y: c.y + r * Math.sin(a) };
}

/** The world: places and their links; people as dots that glide when they move; created things where they were made. */
export function WorldMap(props: { actors: ActorSummary[]; entities: EntityView[]; places: PlaceView[] }) {
  const { t, tx } = useT();
  const { select, selected, tick } = useWorldCtx();
  const pos = useMemo(() => layout(props.places), [props.places]);
  const links = useMemo(() => {
    const seen = new Set<string>();
    const out: { a: Pt; b: Pt; key: string }[] = [];
    for (const p of props.places) {
      for (const l of p.links) {
        const key = [p.id, l.to].sort().join('|');
        const a = pos.get(p.id);
        const b = pos.get(l.to);
        if (seen.has(key) || !a || !b) continue;
        seen.add(key);
        out.push({ a, b, key });
      }
      // a generated sub-area hangs off its parent
      if (p.parent && pos.get(p.parent) && pos.get(p.id)) out.push({ a: pos.get(p.parent)!, b: pos.get(p.id)!, key: `${p.id}^` });
    }
    return out;
  }, [props.places, pos]);

  const byPlace = new Map<string, ActorSummary[]>();
  for (const a of props.actors) byPlace.set(a.place, [...(byPlace.get(a.place) ?? []), a]);
  const thingsAt = new Map<string, EntityView[]>();
  for (const e of props.entities) thingsAt.set(e.location, [...(thingsAt.get(e.location) ?? []), e]);

  if (!props.places.length) return <p class="empty">{t('map.loading')}</p>;
  const sel = (kind: 'actor' | 'entity' | 'place', id: string) => selected?.kind === kind && selected.id === id;

  return (
    <svg class="world-map" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('map.aria')} data-testid="world-map">
      <g class="links">
        {links.map((l) => <line key={l.key} x1={l.a.x} y1={l.a.y} x2={l.b.x} y2={l.b.y} />)}
      </g>
      <g class="places">
        {props.places.map((p) => {
          const c = pos.get(p.id)!;
          const small = !!p.parent;
          return (
            <g key={p.id} class={`place${sel('place', p.id) ? ' selected' : ''}${small ? ' sub' : ''}`} data-place={p.id} {...pressable(tx(p.name), () => select({ kind: 'place', id: p.id }))}>
              <circle cx={c.x} cy={c.y} r={small ? 14 : 24} class={`kind-${p.kind ?? 'place'}`} style={{ fillOpacity: 0.25 + Math.max(-0.15, Math.min(0.35, p.mood / 20)) }} />
              <text x={c.x} y={c.y + (small ? 30 : 44)} text-anchor="middle">{tx(p.name)}</text>
            </g>
          );
        })}
      </g>
      <g class="things">
        {props.entities.map((e) => {
          const c = pos.get(e.location);
          if (!c) return null;
          const list = thingsAt.get(e.location)!;
          const p = ring(c, list.indexOf(e), 62, 14);
          const fresh = tick - e.createdAt <= 3;
          return (
            <g key={e.id} class={`thing${fresh ? ' fresh' : ''}${sel('entity', e.id) ? ' selected' : ''}`} data-entity={e.id} style={{ transform: `translate(${p.x}px, ${p.y}px)` }}
              {...pressable(tx(e.name), () => select({ kind: 'entity', id: e.id }))}>
              <rect x={-5} y={-5} width={10} height={10} transform="rotate(45)" />
              <title>{tx(e.name)}</title>
            </g>
          );
        })}
      </g>
      <g class="people">
        {props.actors.map((a) => {
          const c = pos.get(a.place);
          if (!c) return null;
          const list = byPlace.get(a.place)!;
          const p = ring(c, list.indexOf(a), 34, 12);
          const cls = `person status-${a.status}${a.isPlayer ? ' player' : ''}${sel('actor', a.id) ? ' selected' : ''}`;
          return (
            <g key={a.id} class={cls} data-actor={a.id} style={{ transform: `translate(${p.x}px, ${p.y}px)` }} {...pressable(tx(a.name), () => select({ kind: 'actor', id: a.id }))}>
              <circle r={a.isPlayer ? 8 : 6} />
              {(a.isPlayer || sel('actor', a.id)) && <text class="person-name" y={-12} text-anchor="middle">{tx(a.name)}</text>}
              <title>{tx(a.name)}</title>
            </g>
          );
        })}
      </g>
    </svg>
  );
}
