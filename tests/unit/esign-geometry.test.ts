import { describe, expect, it } from "vitest";

import {
  clampRect,
  isBigEnough,
  MIN_SIZE,
  rectAfterKey,
  rectBetween,
} from "../../src/client/features/esign/prepare/geometry";

describe("field geometry (fractions of a page)", () => {
  it("keeps a box whole on its page and at least the minimum size", () => {
    expect(clampRect({ x: 0.9, y: -0.2, w: 0.3, h: 0.1 })).toEqual({
      x: 0.7,
      y: 0,
      w: 0.3,
      h: 0.1,
    });
    expect(clampRect({ x: 0.5, y: 0.5, w: 0, h: 0 })).toEqual({
      x: 0.5,
      y: 0.5,
      w: MIN_SIZE.w,
      h: MIN_SIZE.h,
    });
  });

  it("draws the same box whichever corner the drag starts from", () => {
    const a = rectBetween({ x: 0.6, y: 0.8 }, { x: 0.2, y: 0.7 });
    expect(a.x).toBeCloseTo(0.2);
    expect(a.y).toBeCloseTo(0.7);
    expect(a.w).toBeCloseTo(0.4);
    expect(a.h).toBeCloseTo(0.1);
    expect(isBigEnough({ x: 0, y: 0, w: 0.01, h: 0.2 })).toBe(false);
  });

  it("moves with the arrows (Shift further), resizes with Alt, and ignores other keys", () => {
    const box = { x: 0.5, y: 0.5, w: 0.2, h: 0.1 };
    expect(rectAfterKey(box, "ArrowLeft", false, false)?.x).toBeCloseTo(0.49);
    expect(rectAfterKey(box, "ArrowDown", true, false)?.y).toBeCloseTo(0.55);
    expect(rectAfterKey(box, "ArrowRight", false, true)).toMatchObject({ x: 0.5, y: 0.5 });
    expect(rectAfterKey(box, "ArrowRight", false, true)?.w).toBeCloseTo(0.21);
    expect(rectAfterKey(box, "Enter", false, false)).toBeNull();
    // At the page's edge a move stops there.
    expect(rectAfterKey({ ...box, x: 0.8 }, "ArrowRight", true, false)?.x).toBeCloseTo(0.8);
  });
});
