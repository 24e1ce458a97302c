import { describe, expect, it } from "vitest";

import type { RequestCtx } from "../../src/server/lib/request-ctx";
import { bindingsOf, featurePlugin } from "../../src/server/plugins/feature";
import type { RecordTable } from "../../src/server/schema-engine/types";

const ctx = {} as RequestCtx;
const table = {} as RecordTable;

describe("binding extensions", () => {
  it("run after the owner's hooks and merge what both answer", async () => {
    const calls: string[] = [];
    const owner = featurePlugin("owner", async () => {}, {
      bindings: {
        bills: {
          table,
          beforeInsert: (_ctx, values) => {
            calls.push(`owner:${String(values.fixed)}`);
            return { total: "10.00", billNo: "B1" };
          },
          afterWrite: async () => {
            calls.push("owner:after");
          },
        },
      },
    });
    const extra = featurePlugin("extra", async () => {}, {
      extends: {
        bills: {
          // Sees the owner's answer merged into the values, and may override it.
          beforeInsert: (_ctx, values) => {
            calls.push(`extra:${String(values.total)}`);
            return { total: "15.00", expenseAmount: "5.00" };
          },
          afterWrite: async () => {
            calls.push("extra:after");
          },
        },
      },
    });
    const bills = bindingsOf([owner, extra]).bills;
    expect(await bills.beforeInsert!(ctx, { fixed: "10.00" })).toEqual({
      total: "15.00",
      billNo: "B1",
      expenseAmount: "5.00",
    });
    await bills.afterWrite!(ctx, undefined, undefined);
    expect(calls).toEqual(["owner:10.00", "extra:10.00", "owner:after", "extra:after"]);
  });

  it("stops when an owner hook throws, so the extension never runs on a refused write", async () => {
    let ran = false;
    const owner = featurePlugin("owner", async () => {}, {
      bindings: {
        bills: {
          table,
          beforeChange: () => {
            throw new Error("refused");
          },
        },
      },
    });
    const extra = featurePlugin("extra", async () => {}, {
      extends: { bills: { beforeChange: () => void (ran = true) } },
    });
    await expect(bindingsOf([owner, extra]).bills.beforeChange!(ctx, {})).rejects.toThrow(
      "refused",
    );
    expect(ran).toBe(false);
  });

  it("refuses to extend a resource no feature binds", () => {
    const extra = featurePlugin("extra", async () => {}, {
      extends: { nothing: { afterWrite: async () => {} } },
    });
    expect(() => bindingsOf([extra])).toThrow(/extends nothing/);
  });
});
