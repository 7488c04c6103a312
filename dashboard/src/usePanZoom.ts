import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

export const ZOOM_MIN = 1;
export const ZOOM_MAX = 4;
/** how far a pointer moves before a press becomes a drag (then the click it would have made is dropped) */
const DRAG_PX = 5;
const KEY_PAN = 48;

/** The part of the drawing in view: the drawing is laid out `k` times the box's size; `x`, `y` is the view's top-left in it. */
export type View = { k: number; x: number; y: number };

const clampView = (v: View, w: number, h: number): View => {
  const k = Math.max(ZOOM_MIN, Math.min(ZOOM_MAX, v.k));
  return { k, x: Math.max(0, Math.min(w * k - w, v.x)), y: Math.max(0, Math.min(h * k - h, v.y)) };
};

/**
 * Pan and zoom over a box `w` x `h`: drag with a mouse or a finger, pinch with two fingers, the wheel
 * with Ctrl (a trackpad's pinch), arrows and +/- on the keyboard, and the zoom buttons (`zoomBy`).
 * A zoom keeps the point under the pointer (or the middle) where it is. A press that turned into a
 * drag does not click what it started on, and a drag selects no text on the page.
 */
export function usePanZoom(w: number, h: number) {
  const [view, setView] = useState<View>({ k: 1, x: 0, y: 0 });
  const size = useRef({ w, h });
  size.current = { w, h };
  // the box resized: keep the view inside the drawing
  useEffect(() => setView((v) => clampView(v, w, h)), [w, h]);

  const zoomBy = useCallback((f: number, at?: { x: number; y: number }) => {
    const { w, h } = size.current;
    const fx = at?.x ?? w / 2;
    const fy = at?.y ?? h / 2;
    setView((v) => {
      const k = Math.max(ZOOM_MIN, Math.min(ZOOM_MAX, v.k * f));
      const r = k / v.k;
      return clampView({ k, x: (v.x + fx) * r - fx, y: (v.y + fy) * r - fy }, w, h);
    });
  }, []);
  const panBy = useCallback((dx: number, dy: number) => {
    const { w, h } = size.current;
    setView((v) => clampView({ ...v, x: v.x + dx, y: v.y + dy }, w, h));
  }, []);

  const el = useRef<HTMLElement | null>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const press = useRef<{ x: number; y: number; moved: boolean } | null>(null);
  const dragged = useRef(false);

  const local = (e: { clientX: number; clientY: number }) => {
    const r = el.current!.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const onPointerDown = (e: PointerEvent) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    // a mouse press starts no text selection (and the click it makes still arrives)
    if (e.pointerType === 'mouse') e.preventDefault();
    pointers.current.set(e.pointerId, local(e));
    if (pointers.current.size === 1) {
      press.current = { ...local(e), moved: false };
      dragged.current = false;
    }
  };
  const onPointerMove = (e: PointerEvent) => {
    const prev = pointers.current.get(e.pointerId);
    if (!prev) return;
    const now = local(e);
    if (pointers.current.size >= 2) {
      // a pinch: the spread between the first two fingers scales the view around their middle
      const [a, b] = [...pointers.current.entries()];
      const other = a[0] === e.pointerId ? b[1] : a[1];
      const before = Math.hypot(prev.x - other.x, prev.y - other.y);
      const after = Math.hypot(now.x - other.x, now.y - other.y);
      pointers.current.set(e.pointerId, now);
      dragged.current = true;
      if (before > 0) zoomBy(after / before, { x: (now.x + other.x) / 2, y: (now.y + other.y) / 2 });
      return;
    }
    const p = press.current;
    if (!p) return;
    if (!p.moved && Math.hypot(now.x - p.x, now.y - p.y) < DRAG_PX) return;
    if (!p.moved) {
      p.moved = true;
      dragged.current = true;
      // the drag goes on past the map's edge; a pointer already gone cannot be captured, and need not be
      try {
        el.current?.setPointerCapture(e.pointerId);
      } catch {
        /* released already */
      }
      window.getSelection()?.removeAllRanges();
    }
    pointers.current.set(e.pointerId, now);
    panBy(prev.x - now.x, prev.y - now.y);
  };
  const onPointerUp = (e: PointerEvent) => {
    pointers.current.delete(e.pointerId);
    if (!pointers.current.size) press.current = null;
  };
  // after a drag, the click on whatever it started on is not a pick
  const onClickCapture = (e: MouseEvent) => {
    if (!dragged.current) return;
    dragged.current = false;
    e.stopPropagation();
    e.preventDefault();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const step: Record<string, [number, number]> = {
      ArrowLeft: [-KEY_PAN, 0],
      ArrowRight: [KEY_PAN, 0],
      ArrowUp: [0, -KEY_PAN],
      ArrowDown: [0, KEY_PAN],
    };
    if (step[e.key]) panBy(...step[e.key]);
    else if (e.key === '+' || e.key === '=') zoomBy(1.5);
    else if (e.key === '-' || e.key === '_') zoomBy(1 / 1.5);
    else return;
    e.preventDefault();
  };

  // the wheel is listened to directly: only a listener that is not passive may keep the page from zooming
  const wheel = useRef<((e: WheelEvent) => void) | null>(null);
  wheel.current = (e: WheelEvent) => {
    if (!e.ctrlKey && !e.metaKey) return;
    e.preventDefault();
    zoomBy(Math.exp(-e.deltaY / 300), local(e));
  };
  const onWheel = useRef((e: WheelEvent) => wheel.current?.(e)).current;
  const ref = useCallback((node: HTMLElement | null) => {
    el.current?.removeEventListener('wheel', onWheel);
    el.current = node;
    node?.addEventListener('wheel', onWheel, { passive: false });
  }, []);

  return {
    view,
    zoomBy,
    ref,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp,
      onPointerCancel: onPointerUp,
      onClickCapture,
      onKeyDown,
    },
  };
}
