import { randomUUID } from "node:crypto";

import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { workflowActionLog, workflowInstances } from "../../src/server/db/tables";
import { contractsSuite } from "../fixtures/contracts";

type Body = Record<string, unknown>;
type Route = {
  name: string;
  make: () => Promise<{ url: string; body: Body }>;
  change: (b: Body) => Body;
};

/**
 * Every business submission honours Idempotency-Key with the approval actions' key store: a
 * replay gets the first answer, five identical posts at once file one approval, the same key with
 * another body is 422, and a malformed key is 400. Without the header a post files as before.
 */
describe("Idempotency-Key on business submissions", () => {
  const s = contractsSuite();
  let caseId: string;
  let contractId: string;
  const instances = async () =>
    (await s.t.database.db.select({ n: count() }).from(workflowInstances))[0].n;
  const post = async (who: string, url: string, body: unknown, key?: string, lang = "en") =>
    s.t.app.inject({
      method: "POST",
      url,
      headers: await s.t.as(who, {
        lang,
        ...(key === undefined ? {} : { "idempotency-key": key }),
      }),
      payload: body as object,
    });

  beforeAll(async () => {
    caseId = (await s.api.open("lawyer")).id;
    contractId = (await s.api.contract(caseId)).id;
    const res = await s.api.call("PUT", "admin", "/api/workflow/business-settings", {
      accountChanges: true,
      caseChanges: false,
    });
    expect(res.statusCode).toBe(200);
  });

  const routes: Route[] = [
    {
      name: "case-submissions",
      make: async () => ({ url: "/api/case-submissions", body: { values: await s.api.values() } }),
      change: (b) => ({ ...b, comment: "另一个" }),
    },
    {
      name: "contract-submissions",
      make: async () => ({
        url: "/api/contract-submissions",
        body: { values: await s.api.contractValues(caseId) },
      }),
      change: (b) => ({ ...b, comment: "另一个" }),
    },
    {
      name: "seal-request-submissions",
      make: async () => ({
        url: "/api/seal-request-submissions",
        body: {
          values: {
            documentType: "lawyer-letter",
            recipients: [{ name: "北京某某贸易有限公司", copies: 1 }],
            files: [{ fileId: (await s.api.files("lawyer", ["律师函.pdf"]))[0], copies: 1 }],
            sealId: await s.api.sealId("lawyer", "official"),
            reason: "催告履行合同义务",
            reviewed: true,
            mode: "office",
          },
        },
      }),
      change: (b) => ({ ...b, comment: "另一个" }),
    },
    {
      // Each test its own contract: one with a pending archive cannot be asked again.
      name: "contracts/:id/archive",
      make: async () => {
        const c = await s.api.contract(caseId);
        return {
          url: `/api/contracts/${c.id}/archive`,
          body: { archiveFileIds: await s.api.files("lawyer", ["签署版.pdf"]), version: c.version },
        };
      },
      change: (b) => ({ ...b, remark: "另一个" }),
    },
    {
      name: "contracts/:id/void",
      make: async () => {
        const c = await s.api.contract(caseId);
        return {
          url: `/api/contracts/${c.id}/void`,
          body: {
            reason: "双方协商解除",
            certificateIds: await s.api.files("lawyer", ["解除协议.pdf"]),
            version: c.version,
          },
        };
      },
      change: (b) => ({ ...b, reason: "另一个理由" }),
    },
    {
      // Each test its own case: one with a closing under approval cannot be closed again.
      name: "cases/:id/closing-submissions",
      make: async () => ({
        url: `/api/cases/${(await s.api.open("lawyer")).id}/closing-submissions`,
        body: { summary: { result: "judgment", text: "一审胜诉，判决已生效" } },
      }),
      change: (b) => ({ ...b, summary: { result: "settlement", text: "另一个" } }),
    },
  ];

  describe.each(routes)("POST /api/$name", (route) => {
    it("files five identical concurrent posts under one key once, every post answered alike, and replays the first answer", async () => {
      const { url, body } = await route.make();
      const key = randomUUID();
      const before = await instances();
      const results = await Promise.all(
        Array.from({ length: 5 }, () => post("lawyer", url, body, key)),
      );
      for (const r of results) expect(r.statusCode, r.body).toBe(200);
      const answers = results.map((r) => JSON.stringify(r.json().data));
      expect(new Set(answers).size).toBe(1);
      expect(await instances()).toBe(before + 1);
      const replay = await post("lawyer", url, body, key, "zh-CN");
      expect(replay.statusCode).toBe(200);
      expect(JSON.stringify(replay.json().data)).toBe(answers[0]);
      expect(await instances()).toBe(before + 1);
      const [logged] = await s.t.database.db
        .select()
        .from(workflowActionLog)
        .where(eq(workflowActionLog.key, key));
      expect(logged.response).toEqual(results[0].json().data);
    });

    it("refuses the same key with another body (422) or a malformed key (400), translated, filing nothing", async () => {
      const { url, body } = await route.make();
      const key = randomUUID();
      const first = await post("lawyer", url, body, key);
      expect(first.statusCode, first.body).toBe(200);
      const before = await instances();
      const other = await post("lawyer", url, route.change(body), key, "zh-CN");
      expect(other.statusCode).toBe(422);
      expect(other.json()).toMatchObject({
        code: 422,
        msg: expect.stringMatching(/[\u4e00-\u9fa5]/),
      });
      const bad = await post("lawyer", url, route.change(body), "not-a-key");
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 400, msg: "The request needs an Idempotency-Key" });
      expect(await instances()).toBe(before);
    });
  });

  describe("POST /api/accounts/:id/submit-changes", () => {
    it("files one approval for five concurrent posts and replays the first answer", async () => {
      const client = await s.api.clientId("lawyer");
      const { version } = (await s.api.get("lawyer", `/api/accounts/${client}`)).json().data;
      const body = { changes: { formerName: "曾用名一" }, version };
      const key = randomUUID();
      const before = await instances();
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          post("lawyer", `/api/accounts/${client}/submit-changes`, body, key),
        ),
      );
      for (const r of results) expect(r.statusCode, r.body).toBe(200);
      expect(new Set(results.map((r) => r.json().data.pendingApprovalId)).size).toBe(1);
      expect(await instances()).toBe(before + 1);
      const replay = await post("lawyer", `/api/accounts/${client}/submit-changes`, body, key);
      expect(replay.json().data.pendingApprovalId).toBe(results[0].json().data.pendingApprovalId);
    });
  });

  it("keeps a failed submission's key free: the corrected form files under the same key", async () => {
    const key = randomUUID();
    const broken = await post(
      "lawyer",
      "/api/case-submissions",
      { values: await s.api.values({ attachments: [randomUUID()] }) },
      key,
    );
    expect(broken.statusCode).toBe(404);
    const fixed = await post(
      "lawyer",
      "/api/case-submissions",
      { values: await s.api.values() },
      key,
    );
    expect(fixed.statusCode, fixed.body).toBe(200);
  });

  it("keeps one user's key apart from another's and from the other firm's", async () => {
    const key = randomUUID();
    const mine = await post(
      "lawyer",
      "/api/case-submissions",
      { values: await s.api.values() },
      key,
    );
    const theirs = await post(
      "partner",
      "/api/case-submissions",
      { values: await s.api.values({}, "partner") },
      key,
    );
    const otherFirm = await post(
      "lawyer2",
      "/api/case-submissions",
      { values: await s.api.values({}, "lawyer2") },
      key,
    );
    for (const r of [mine, theirs, otherFirm]) expect(r.statusCode, r.body).toBe(200);
    expect(new Set([mine, theirs, otherFirm].map((r) => r.json().data.instanceId)).size).toBe(3);
  });

  it("answers NUL, __proto__ and deep JSON with a 4xx and files nothing", async () => {
    const before = await instances();
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 2000; i += 1) deep = { a: deep };
    const values = await s.api.values();
    const client = await s.api.clientId("lawyer");
    const bodies: [string, unknown][] = [
      ["/api/case-submissions", { values: { ...values, name: "a\u0000b" } }],
      [
        "/api/case-submissions",
        JSON.parse(`{"values": {"__proto__": {"isAdmin": true}, "name": "x"}}`),
      ],
      ["/api/case-submissions", { values: deep }],
      [
        "/api/contract-submissions",
        { values: { ...(await s.api.contractValues(caseId)), name: "\u0000" } },
      ],
      ["/api/contract-submissions", JSON.parse(`{"__proto__": {"isAdmin": true}, "values": {}}`)],
      ["/api/contract-submissions", { values: deep }],
      [`/api/accounts/${client}/submit-changes`, { changes: deep, version: 1 }],
      [
        `/api/accounts/${client}/submit-changes`,
        JSON.parse(`{"changes": {"__proto__": {"status": "active"}}, "version": 1}`),
      ],
      [`/api/contracts/${contractId}/archive`, { archiveFileIds: ["\u0000"], version: 1 }],
    ];
    for (const [url, body] of bodies) {
      const res = await post("lawyer", url, body, randomUUID());
      expect(res.statusCode, `${url} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json()).toHaveProperty("code");
    }
    expect(await instances()).toBe(before);
  });
});
