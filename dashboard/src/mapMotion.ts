import { useEffect, useRef, useState } from 'preact/hooks';
import type { EventView } from './types.ts';

/** Someone on the road: the places they pass, when they set off and how long the way takes (ms, wall clock: drawing only). */
export type Walk = { path: string[]; from: string; to: string; start: number; dur: number };
/** What someone just said, and when the bubble appeared. */
export type Said = { content: unknown; line: EventView['text']; start: number; seq: number };

/** With less motion asked for (prefers-reduced-motion), how often a walker is moved along their road, not every frame. */
const STEP_MS = 1000;
const WALK_MIN_MS = 900;
const WALK_MAX_MS = 8000;
export const SAY_MS = 3500;
export const ACT_MS = 1400;

type Moved = { type: 'moved'; actor: string; from: string; to: string; busyTicks: number };
type Action = { type: 'action'; actor: string; call: { tool: string; args: { content?: unknown } } };

/**
 * The map's motion, fed by each tick's events: who walks where (a `moved` event takes the travel
 * time, at least one tick), who speaks (interact, express), who just acted. Re-renders every frame
 * while someone walks (where the viewer asks for less motion, with each tick and once a second between:
 * a busy map redrawn every frame keeps a core busy), a few times a second while a bubble or a mark
 * shows, else not at all.
 */
export function useMotion(events: EventView[], tickMs: number, routeOf: (from: string, to: string) => string[]) {
  const walks = useRef(new Map<string, Walk>());
  const said = useRef(new Map<string, Said>());
  const acted = useRef(new Map<string, number>());
  const [now, setNow] = useState(() => performance.now());

  useEffect(() => {
    const t = performance.now();
    for (const e of events) {
      if (e.type === 'moved') {
        const m = e as unknown as Moved;
        const dur = Math.max(WALK_MIN_MS, Math.min(WALK_MAX_MS, Math.max(1, m.busyTicks) * tickMs));
        walks.current.set(m.actor, { path: routeOf(m.from, m.to), from: m.from, to: m.to, start: t, dur });
      } else if (e.type === 'action') {
        const a = e as unknown as Action;
        acted.current.set(a.actor, t);
        if (a.call.tool === 'interact' || a.call.tool === 'express')
          said.current.set(a.actor, { content: a.call.args.content, line: e.text, start: t, seq: e.seq });
      }
    }
    setNow(t);
  }, [events]);

  useEffect(() => {
    const busy = () => {
      const t = performance.now();
      for (const [id, w] of walks.current) if (t - w.start > w.dur) walks.current.delete(id);
      for (const [id, s] of said.current) if (t - s.start > SAY_MS) said.current.delete(id);
      for (const [id, a] of acted.current) if (t - a > ACT_MS) acted.current.delete(id);
      return walks.current.size ? 'frame' : said.current.size || acted.current.size ? 'slow' : null;
    };
    const kind = busy();
    if (!kind) return;
    if (kind === 'frame' && !lessMotion()) {
      const id = requestAnimationFrame(() => setNow(performance.now()));
      return () => cancelAnimationFrame(id);
    }
    const id = setTimeout(() => setNow(performance.now()), kind === 'frame' ? STEP_MS : 250);
    return () => clearTimeout(id);
  }, [now]);

  return { now, walks: walks.current, said: said.current, acted: acted.current };
}

const lessMotion = (): boolean => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
