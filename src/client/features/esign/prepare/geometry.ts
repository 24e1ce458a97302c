import type { FieldKind } from "../types";

export type Rect = { x: number; y: number; w: number; h: number };

/** Default boxes, as fractions of the page: a signature is wider and taller than a date. */
export const DEFAULT_SIZE: Record<FieldKind, { w: number; h: number }> = {
  signature: { w: 0.22, h: 0.07 },
  date: { w: 0.16, h: 0.035 },
};

/** Anything smaller is a slip of the mouse, not a box someone meant to draw. */
export const MIN_SIZE = { w: 0.03, h: 0.015 };

/** Arrow keys move a box by 1 % of the page, 5 % with Shift. */
export const STEP = 0.01;
export const BIG_STEP = 0.05;

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

/** Keeps a box whole on its page. */
export const clampRect = (r: Rect): Rect => {
  const w = clamp(r.w, MIN_SIZE.w, 1);
  const h = clamp(r.h, MIN_SIZE.h, 1);
  return { w, h, x: clamp(r.x, 0, 1 - w), y: clamp(r.y, 0, 1 - h) };
};

/** The box between two corners (either order), both given as page fractions. */
export const rectBetween = (a: { x: number; y: number }, b: { x: number; y: number }): Rect => ({
  x: Math.min(a.x, b.x),
  y: Math.min(a.y, b.y),
  w: Math.abs(a.x - b.x),
  h: Math.abs(a.y - b.y),
});

export const isBigEnough = (r: Rect) => r.w >= MIN_SIZE.w && r.h >= MIN_SIZE.h;

/** A pointer position as a fraction of an element's box. */
export const fractionIn = (el: Element, clientX: number, clientY: number) => {
  const box = el.getBoundingClientRect();
  return {
    x: clamp((clientX - box.left) / box.width, 0, 1),
    y: clamp((clientY - box.top) / box.height, 0, 1),
  };
};

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** Arrow keys: move the box; with Alt they grow or shrink it instead. Null for other keys. */
export const rectAfterKey = (
  r: Rect,
  key: string,
  isShift: boolean,
  isAlt: boolean,
): Rect | null => {
  const dir = ARROWS[key];
  if (!dir) return null;
  const step = isShift ? BIG_STEP : STEP;
  if (isAlt) return clampRect({ ...r, w: r.w + dir[0] * step, h: r.h + dir[1] * step });
  return clampRect({ ...r, x: r.x + dir[0] * step, y: r.y + dir[1] * step });
};
