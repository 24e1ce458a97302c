import { describe, expect, it, vi } from "vitest";

import { pageWithTotal } from "../../src/server/lib/list-query";

const rowsOf = (n: number) => Promise.resolve(Array.from({ length: n }, (_, i) => ({ i })));

describe("pageWithTotal", () => {
  it("takes the total from a short page without counting", async () => {
    const count = vi.fn(() => Promise.resolve([{ total: 99 }]));
    expect(await pageWithTotal(rowsOf(3), count, { offset: 0, limit: 20 })).toMatchObject({
      total: 3,
    });
    expect(await pageWithTotal(rowsOf(2), count, { offset: 40, limit: 20 })).toMatchObject({
      total: 42,
    });
    expect(await pageWithTotal(rowsOf(0), count, { offset: 0, limit: 20 })).toMatchObject({
      rows: [],
      total: 0,
    });
    expect(count).not.toHaveBeenCalled();
  });

  it("counts after a full page and after a page past the end", async () => {
    const count = vi.fn(() => Promise.resolve([{ total: 57 }]));
    expect(await pageWithTotal(rowsOf(20), count, { offset: 0, limit: 20 })).toMatchObject({
      total: 57,
    });
    expect(await pageWithTotal(rowsOf(0), count, { offset: 80, limit: 20 })).toMatchObject({
      rows: [],
      total: 57,
    });
    expect(await pageWithTotal(rowsOf(0), count, { offset: 0, limit: 0 })).toMatchObject({
      total: 57,
    });
    expect(count).toHaveBeenCalledTimes(3);
  });
});
