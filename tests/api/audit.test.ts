import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestApp, type TestApp } from "../fixtures/app";

describe("GET /api/audit-logs", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.login("lawyer");
    await t.login("lawyer2");
  });
  afterAll(() => t.close());

  it("lists the firm's audit rows with the total in x-total-count, newest first", async () => {
    const res = await t.app.inject({
      url: "/api/audit-logs?_start=0&_end=50",
      headers: await t.as("admin"),
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { id: number; action: string; userName: string }[];
    expect(Number(res.headers["x-total-count"])).toBe(rows.length);
    expect(rows.map((r) => r.userName)).toContain("张伟");
    expect(rows.map((r) => r.userName)).not.toContain("吴敏");
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => b - a));
  });

  it("filters by action and time range and pages", async () => {
    const headers = await t.as("admin");
    const from = new Date(Date.now() - 3600_000).toISOString();
    const res = await t.app.inject({
      url: `/api/audit-logs?action=login&createdAt_gte=${encodeURIComponent(from)}&_start=0&_end=1&_sort=createdAt&_order=asc`,
      headers,
    });
    expect(res.json().data).toHaveLength(1);
    expect(res.json().data[0].action).toBe("login");
    expect(Number(res.headers["x-total-count"])).toBeGreaterThanOrEqual(2);
    const future = new Date(Date.now() + 3600_000).toISOString();
    const none = await t.app.inject({
      url: `/api/audit-logs?createdAt_gte=${encodeURIComponent(future)}`,
      headers,
    });
    expect(none.json().data).toEqual([]);
  });

  it("rejects a sort column the list does not offer", async () => {
    const res = await t.app.inject({
      url: "/api/audit-logs?_sort=password_hash",
      headers: await t.as("admin"),
    });
    expect(res.statusCode).toBe(400);
  });

  it("is forbidden to members without AUDIT_LOG read", async () => {
    const res = await t.app.inject({ url: "/api/audit-logs", headers: await t.as("lawyer") });
    expect(res.statusCode).toBe(403);
  });
});
