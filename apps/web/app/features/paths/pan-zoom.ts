import { useCallback, useEffect, useRef, useState } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * Pan and zoom of a domain's map (docs/product.md#paths-pages), in the browser only: the map drawn at `scale`, its top
 * left corner `x`, `y` pixels from the container's. Without script the map is simply shown at its size in a
 * container that scrolls.
 */
export interface View {
  x: number;
  y: number;
  scale: number;
}

export interface Size {
  width: number;
  height: number;
}

/** The view of the server's HTML: the whole map at its size, from its top left corner. 0 comes back to it. */
export const HOME_VIEW: View = { x: 0, y: 0, scale: 1 };
export const MIN_SCALE = 0.2;
export const MAX_SCALE = 3;
/** How far an arrow key moves the map (Shift: four times as far), and what + and - multiply the scale by. */
export const PAN_STEP = 48;
export const ZOOM_STEP = 1.25;
/** How much of the map stays in the container however far it is moved. */
const KEEP_VISIBLE = 64;
/** A press that moves less than this (px) is a click, not a drag. */
const DRAG_THRESHOLD = 4;

const clampScale = (s: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, s));

/** The view kept so that at least KEEP_VISIBLE pixels of the map stay in the container. */
export function clampView(view: View, content: Size, viewport: Size): View {
  const w = content.width * view.scale;
  const h = content.height * view.scale;
  const keepX = Math.min(KEEP_VISIBLE, w);
  const keepY = Math.min(KEEP_VISIBLE, h);
  return {
    scale: view.scale,
    x: Math.min(Math.max(view.x, keepX - w), Math.max(viewport.width - keepX, 0)),
    y: Math.min(Math.max(view.y, keepY - h), Math.max(viewport.height - keepY, 0)),
  };
}

function panBy(view: View, dx: number, dy: number): View {
  return { ...view, x: view.x + dx, y: view.y + dy };
}

/** Zoomed by `factor` about the point (cx, cy) of the container, which stays where it is. */
export function zoomAt(view: View, factor: number, cx: number, cy: number): View {
  const scale = clampScale(view.scale * factor);
  const k = scale / view.scale;
  return { scale, x: cx - (cx - view.x) * k, y: cy - (cy - view.y) * k };
}

/**
 * The view after a key pressed on the map, or null when the key is not one of the map's: arrow keys move the view
 * the way they scroll a page (ArrowRight shows more of the right), + and - zoom about the centre, 0 resets.
 */
export function viewForKey(view: View, key: string, shift: boolean, viewport: Size): View | null {
  const step = shift ? PAN_STEP * 4 : PAN_STEP;
  switch (key) {
    case 'ArrowLeft':
      return panBy(view, step, 0);
    case 'ArrowRight':
      return panBy(view, -step, 0);
    case 'ArrowUp':
      return panBy(view, 0, step);
    case 'ArrowDown':
      return panBy(view, 0, -step);
    case '+':
    case '=':
      return zoomAt(view, ZOOM_STEP, viewport.width / 2, viewport.height / 2);
    case '-':
    case '_':
      return zoomAt(view, 1 / ZOOM_STEP, viewport.width / 2, viewport.height / 2);
    case '0':
      return HOME_VIEW;
    default:
      return null;
  }
}

const transformOf = (v: View) => `translate(${round(v.x)}px, ${round(v.y)}px) scale(${round(v.scale, 1000)})`;
const round = (n: number, by = 10) => Math.round(n * by) / by;

interface Pointer {
  x: number;
  y: number;
}

/**
 * Drives the view of the map's SVG (`svgRef`) inside its container (`containerRef`) of a map of `size`: mouse drag
 * and wheel, touch drag and pinch, and the keys of `viewForKey`. The transform is written to the SVG's style
 * directly, so a drag re-renders nothing; `ready` turns true once the handlers are on (after hydration).
 */
export function usePanZoom(size: Size) {
  const container = useRef<HTMLDivElement>(null);
  const content = useRef<SVGSVGElement>(null);
  // The map's size only: a new map (another domain) starts again from its home view.
  const { width, height } = size;
  const view = useRef<View>(HOME_VIEW);
  const ready = useHydrated();
  const [dragging, setDragging] = useState(false);
  const pointers = useRef(new Map<number, Pointer>());
  const gesture = useRef<{ start: Pointer; moved: boolean; pinch?: { dist: number; mid: Pointer; view: View } }>(null);
  const suppressClick = useRef(false);

  const viewport = useCallback((): Size => {
    const el = container.current;
    return { width: el?.clientWidth ?? 0, height: el?.clientHeight ?? 0 };
  }, [container]);

  const apply = useCallback(
    (next: View) => {
      view.current = clampView(next, { width, height }, viewport());
      const svg = content.current;
      if (svg) svg.style.transform = transformOf(view.current);
      const el = container.current;
      if (el) el.dataset.scale = String(round(view.current.scale, 1000));
    },
    [content, container, viewport, width, height],
  );

  // After hydration: the container stops scrolling and the map moves instead, from where it was scrolled to.
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const from = { x: -el.scrollLeft, y: -el.scrollTop, scale: 1 };
    el.scrollLeft = 0;
    el.scrollTop = 0;
    apply(from);
    const onWheel = (e: WheelEvent) => {
      // The wheel alone scrolls the page past the map; with Ctrl or ⌘ (a trackpad's pinch sends Ctrl too) it zooms.
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      const rect = el.getBoundingClientRect();
      const perLine = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
      const factor = Math.exp(-e.deltaY * perLine * 0.0015);
      apply(zoomAt(view.current, factor, e.clientX - rect.left, e.clientY - rect.top));
    };
    // Not passive: with a modifier, the wheel zooms the map instead of scrolling the page.
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [container, apply]);

  const local = (e: React.PointerEvent): Pointer => {
    const rect = container.current!.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };

  const onPointerDown = (e: React.PointerEvent) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    const p = local(e);
    pointers.current.set(e.pointerId, p);
    if (pointers.current.size === 1) {
      gesture.current = { start: p, moved: false };
    } else if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()] as [Pointer, Pointer];
      for (const id of pointers.current.keys()) container.current?.setPointerCapture?.(id);
      gesture.current = {
        start: p,
        moved: true,
        pinch: { dist: Math.hypot(a.x - b.x, a.y - b.y) || 1, mid: midpoint(a, b), view: view.current },
      };
    }
  };

  const onPointerMove = (e: React.PointerEvent) => {
    const before = pointers.current.get(e.pointerId);
    const g = gesture.current;
    if (!before || !g) return;
    const p = local(e);
    pointers.current.set(e.pointerId, p);
    if (g.pinch && pointers.current.size >= 2) {
      const [a, b] = [...pointers.current.values()] as [Pointer, Pointer];
      const mid = midpoint(a, b);
      const zoomed = zoomAt(
        g.pinch.view,
        Math.hypot(a.x - b.x, a.y - b.y) / g.pinch.dist,
        g.pinch.mid.x,
        g.pinch.mid.y,
      );
      apply(panBy(zoomed, mid.x - g.pinch.mid.x, mid.y - g.pinch.mid.y));
      return;
    }
    if (!g.moved) {
      if (Math.hypot(p.x - g.start.x, p.y - g.start.y) < DRAG_THRESHOLD) return;
      // A drag from here on: the container keeps the pointer (a node's link under it is not followed).
      g.moved = true;
      container.current?.setPointerCapture?.(e.pointerId);
      setDragging(true);
    }
    apply(panBy(view.current, p.x - before.x, p.y - before.y));
  };

  const onPointerEnd = (e: React.PointerEvent) => {
    if (!pointers.current.delete(e.pointerId)) return;
    const g = gesture.current;
    if (pointers.current.size > 0) {
      // One finger of a pinch left: the other goes on dragging from where it is.
      const [rest] = [...pointers.current.values()] as [Pointer];
      gesture.current = { start: rest, moved: true };
      return;
    }
    if (g?.moved) suppressClick.current = true;
    gesture.current = null;
    setDragging(false);
  };

  const onClickCapture = (e: React.MouseEvent) => {
    if (!suppressClick.current) return;
    suppressClick.current = false;
    e.preventDefault();
    e.stopPropagation();
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.target !== e.currentTarget || e.altKey || e.ctrlKey || e.metaKey) return;
    const next = viewForKey(view.current, e.key, e.shiftKey, viewport());
    if (!next) return;
    e.preventDefault();
    apply(next);
  };

  const zoomBy = (factor: number) => {
    const v = viewport();
    apply(zoomAt(view.current, factor, v.width / 2, v.height / 2));
  };

  return {
    containerRef: container,
    svgRef: content,
    ready,
    dragging,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: onPointerEnd,
      onPointerCancel: onPointerEnd,
      onClickCapture,
      onKeyDown,
      // A link's own drag (its address dragged out) would end the pan.
      onDragStart: (e: React.DragEvent) => e.preventDefault(),
    },
    zoomIn: () => zoomBy(ZOOM_STEP),
    zoomOut: () => zoomBy(1 / ZOOM_STEP),
    reset: () => apply(HOME_VIEW),
  };
}

const midpoint = (a: Pointer, b: Pointer): Pointer => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
