import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { accounts } from "../../src/server/db/tables";
import { findEquityRelated } from "../../src/server/features/accounts/equity-service";
import { accountsApi, orgInput } from "../fixtures/accounts";
import { createTestApp, type TestApp } from "../fixtures/app";

describe("equity structure", () => {
  let t: TestApp;
  let api: ReturnType<typeof accountsApi>;
  const id: string[] = [];
  let ctx: never;

  beforeAll(async () => {
    t = await createTestApp();
    api = accountsApi(t);
    // A chain of five companies: 0 holds 1, 1 holds 2, … with 50% each.
    for (let n = 0; n < 5; n++)
      id.push(
        (await api.post("admin", "/api/accounts", orgInput(100 + n, { name: `链${n}` }))).json()
          .data.id,
      );
    for (let n = 0; n < 4; n++) {
      const res = await api.post("lawyer", "/api/equity-edges", {
        holderAccountId: id[n],
        companyAccountId: id[n + 1],
        share: 50,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, id[0]));
    ctx = { db: t.database.db, workspaceId: row.workspaceId, lang: "en" } as never;
  });
  afterAll(() => t.close());

  describe("POST /api/equity-edges", () => {
    it("adds outside holders and refuses self-holding, duplicates and more than 100%", async () => {
      const outside = await api.post("lawyer", "/api/equity-edges", {
        holderName: "某基金",
        companyAccountId: id[2],
        share: 30,
      });
      expect(outside.statusCode).toBe(200);
      const self = await api.post(
        "lawyer",
        "/api/equity-edges",
        { holderAccountId: id[1], companyAccountId: id[1], share: 5 },
        "zh-CN",
      );
      expect(self.statusCode).toBe(422);
      expect(self.json().msg).toBe("客户不能持有自己的股权");
      expect(
        (
          await api.post("lawyer", "/api/equity-edges", {
            holderAccountId: id[1],
            companyAccountId: id[2],
            share: 5,
          })
        ).statusCode,
      ).toBe(409);
      const over = await api.post(
        "lawyer",
        "/api/equity-edges",
        { holderName: "另一基金", companyAccountId: id[2], share: 25 },
        "en",
      );
      expect(over.statusCode).toBe(422);
      expect(over.json().msg).toContain("105%");
      expect(
        (
          await api.post("lawyer", "/api/equity-edges", {
            holderName: "甲",
            companyName: "乙",
            share: 5,
          })
        ).statusCode,
      ).toBe(422);
      expect(
        (
          await api.post("assistant", "/api/equity-edges", {
            holderName: "丙",
            companyAccountId: id[0],
            share: 5,
          })
        ).statusCode,
      ).toBe(403);
    });
  });

  describe("findEquityRelated (conflict check reach)", () => {
    it("walks three tiers up and down at 20% or more", async () => {
      const related = await findEquityRelated(ctx, id[2], { tiers: 3, minShare: 20 });
      const up = related.filter((r) => r.direction === "up").map((r) => [r.name, r.tier]);
      const down = related.filter((r) => r.direction === "down").map((r) => [r.name, r.tier]);
      expect(up).toEqual(
        expect.arrayContaining([
          ["链1", 1],
          ["某基金", 1],
          ["链0", 2],
        ]),
      );
      expect(up).toHaveLength(3);
      expect(down).toEqual([
        ["链3", 1],
        ["链4", 2],
      ]);
      const fromBottom = await findEquityRelated(ctx, id[4], { tiers: 3, minShare: 20 });
      expect(fromBottom.map((r) => `${r.name}@${r.tier}`).sort()).toEqual(
        ["某基金@3", "链1@3", "链2@2", "链3@1"].sort(),
      );
    });

    it("leaves out shareholdings under the threshold and ends on cross-holdings", async () => {
      expect(
        (await findEquityRelated(ctx, id[2], { tiers: 3, minShare: 40 })).map((r) => r.name),
      ).not.toContain("某基金");
      // 4 holds 25% of 0: a cycle 0 -> 1 -> 2 -> 3 -> 4 -> 0.
      expect(
        (
          await api.post("lawyer", "/api/equity-edges", {
            holderAccountId: id[4],
            companyAccountId: id[0],
            share: 25,
          })
        ).statusCode,
      ).toBe(200);
      const all = await findEquityRelated(ctx, id[0], { tiers: 10, minShare: 20 });
      expect(all.filter((r) => r.direction === "down").map((r) => r.name)).toEqual([
        "链1",
        "链2",
        "链3",
        "链4",
        "链0",
      ]);
    });
  });

  describe("GET /api/accounts/:id/equity", () => {
    it("answers nodes and edges for the diagram, and the direct shareholders and investments", async () => {
      const res = await api.get("finance", `/api/accounts/${id[2]}/equity`);
      expect(res.statusCode).toBe(200);
      const graph = res.json().data;
      expect(graph.shareholders.map((e: { share: number }) => e.share).sort()).toEqual([30, 50]);
      expect(graph.investments).toHaveLength(1);
      expect(graph.nodes.map((n: { name: string }) => n.name)).toEqual(
        expect.arrayContaining(["链2", "某基金", "链0", "链4"]),
      );
      const related = await api.get("finance", `/api/accounts/${id[2]}/equity-related?tiers=1`);
      expect(
        related
          .json()
          .data.map((r: { name: string }) => r.name)
          .sort(),
      ).toEqual(["某基金", "链1", "链3"].sort());
    });
  });

  describe("DELETE /api/equity-edges/:id", () => {
    it("removes one shareholding", async () => {
      const graph = (await api.get("lawyer", `/api/accounts/${id[2]}/equity`)).json().data;
      const edge = graph.shareholders.find((e: { share: number }) => e.share === 30);
      expect((await api.del("lawyer", `/api/equity-edges/${edge.id}`)).statusCode).toBe(200);
      expect(
        (await api.get("lawyer", `/api/accounts/${id[2]}/equity`)).json().data.shareholders,
      ).toHaveLength(1);
    });
  });
});
