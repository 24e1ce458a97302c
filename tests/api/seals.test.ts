import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import {
  fileLocks,
  notifications,
  sealRequests,
  seals,
  sealUsages,
} from "../../src/server/db/tables";
import { remindOverdueSeals } from "../../src/server/features/seals/requests";
import type { TestApp } from "../fixtures/app";
import { contractsApi, contractsSuite } from "../fixtures/contracts";
import { PNG_BODY, upload } from "../fixtures/documents";

const DAY = 86_400_000;
const dateIn = (days: number) =>
  new Date(Date.now() + days * DAY).toLocaleDateString("en-CA", { timeZone: "Asia/Shanghai" });

/** The seal registry (admins) and legal-document seal requests through their approval. */
describe("the seal registry", () => {
  const suite = contractsSuite();
  let t: TestApp;
  let api: ReturnType<typeof contractsApi>;
  beforeAll(async () => {
    ({ t, api } = suite);
  });

  it("admins keep the firm's seals; an electronic seal needs its impression image", async () => {
    const custodianId = await api.userId("finance");
    const base = {
      name: "电子合同章",
      sealType: "electronic",
      sealingFirm: "明德律师事务所",
      custodianId,
      sealStatus: "active",
    };
    const noImage = await api.post("admin", "/api/seals", base, "en");
    expect(noImage.statusCode).toBe(422);
    expect(noImage.json().data.fields[0].field).toBe("imageFileIds");
    const image = await upload(t, "admin", [
      { field: "file", filename: "印模.png", body: PNG_BODY },
    ]);
    const imageId = image.json().data[0].id as string;
    const res = await api.post("admin", "/api/seals", { ...base, imageFileIds: [imageId] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await api.del("admin", `/api/documents/files/${imageId}`)).statusCode).toBe(409);
    const list = await api.get("admin", "/api/seals?sealType=electronic");
    expect(list.json().data.map((s: { id: string }) => s.id)).toContain(res.json().data.id);
    // Lawyers use seals but do not keep the registry.
    expect(
      (await api.post("lawyer", "/api/seals", { ...base, imageFileIds: [imageId] })).statusCode,
    ).toBe(403);
    expect(
      (await api.get("lawyer", "/api/seal-options")).json().data.map((s: { id: string }) => s.id),
    ).toContain(res.json().data.id);
    const suspended = await api.patch("admin", `/api/seals/${res.json().data.id}`, {
      sealStatus: "suspended",
      version: 1,
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(
      (await api.get("lawyer", "/api/seal-options")).json().data.map((s: { id: string }) => s.id),
    ).not.toContain(res.json().data.id);
    const bad = await api.post("admin", "/api/seals", {
      ...base,
      sealType: "stamp-of-doom",
      imageFileIds: [imageId],
    });
    expect(bad.statusCode).toBe(422);
  });

  it("a seal with stampings cannot be deleted (retire it); an unused one can", async () => {
    const [used] = await t.database.db.select().from(sealUsages).limit(1);
    const refused = await api.del("admin", `/api/seals/${used.sealId}`, "zh-CN");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe("印章已有用印记录，请注销而不是删除");
    const fresh = await api.post("admin", "/api/seals", {
      name: "临时章",
      sealType: "official",
      sealingFirm: "明德律师事务所",
      custodianId: await api.userId("admin"),
      sealStatus: "active",
    });
    expect((await api.del("admin", `/api/seals/${fresh.json().data.id}`)).statusCode).toBe(200);
    const usages = await api.get("admin", `/api/seals/${used.sealId}/usages`);
    expect(usages.json().data.length).toBeGreaterThan(0);
    expect((await api.get("lawyer", `/api/seals/${used.sealId}/usages`)).statusCode).toBe(403);
  });
});

describe("seal requests", () => {
  const suite = contractsSuite();
  let t: TestApp;
  let api: ReturnType<typeof contractsApi>;
  let sealId: string;
  beforeAll(async () => {
    ({ t, api } = suite);
    sealId = await api.sealId("lawyer", "official");
  });
  const values = async (extra: Record<string, unknown> = {}, who = "lawyer") => {
    const [a, b] = await api.files(who, ["律师函.pdf", "授权委托书.pdf"]);
    return {
      documentType: "lawyer-letter",
      recipients: [{ name: "北京某某贸易有限公司", copies: 2 }],
      files: [
        { fileId: a, copies: 2 },
        { fileId: b, copies: 3 },
      ],
      sealId,
      reason: "催告履行合同义务",
      reviewed: true,
      mode: "office",
      ...extra,
    };
  };
  const submit = (who: string, v: Record<string, unknown>, lang?: "en" | "zh-CN") =>
    api.post(who, "/api/seal-request-submissions", { values: v }, lang);
  const requestRow = async (id: string) =>
    (await t.database.db.select().from(sealRequests).where(eq(sealRequests.id, id)))[0];

  it("two documents, approved and stamped in office: the custodian's step is logged with its copies", async () => {
    const v = await values();
    const res = await submit("lawyer", v);
    expect(res.statusCode, res.body).toBe(200);
    const { id, instanceId, requestNo } = res.json().data;
    expect(requestNo).toMatch(/^YY\d{4}\d{5}$/);
    expect((await api.get("lawyer", `/api/seal-requests/${id}`)).json().data).toMatchObject({
      status: "pending",
      files: v.files,
    });
    expect((await api.del("admin", `/api/documents/files/${v.files[0].fileId}`)).statusCode).toBe(
      409,
    );
    await api.approve(instanceId, { stampedCopies: 5, stampedAt: dateIn(0) });
    expect((await requestRow(id)).status).toBe("stamped");
    const usages = (await api.get("lawyer", `/api/seal-requests/${id}/usages`)).json().data;
    expect(usages).toHaveLength(1);
    expect(usages[0]).toMatchObject({ sealId, copies: 5, stampedBy: await api.userId("finance") });
    // The custodian sees the request they stamped.
    expect((await api.get("finance", `/api/seal-requests/${id}`)).statusCode).toBe(200);
  });

  it("the copies asked for, confirmed as they are, are logged; reject and cancel log nothing and release the files", async () => {
    const v = await values();
    const ok = (await submit("lawyer", v)).json().data;
    await api.approve(ok.instanceId);
    const [logged] = await t.database.db
      .select()
      .from(sealUsages)
      .where(eq(sealUsages.entityId, ok.id));
    expect(logged.copies).toBe(5);
    const r = await values();
    const rejected = (await submit("lawyer", r)).json().data;
    await api.wf.act("partner", rejected.instanceId, {
      type: "reject",
      taskId: await api.wf.myTask("partner", rejected.instanceId),
      comment: "不需要盖章",
    });
    expect((await requestRow(rejected.id)).status).toBe("rejected");
    expect(
      await t.database.db.select().from(fileLocks).where(eq(fileLocks.fileId, r.files[0].fileId)),
    ).toHaveLength(0);
    const cancelled = (await submit("lawyer", await values())).json().data;
    await api.wf.act("lawyer", cancelled.instanceId, { type: "cancel" });
    expect((await requestRow(cancelled.id)).status).toBe("cancelled");
    for (const id of [rejected.id, cancelled.id])
      expect(
        await t.database.db.select().from(sealUsages).where(eq(sealUsages.entityId, id)),
      ).toHaveLength(0);
  });

  it("a take-out needs a return date, is taken out, returned by the custodian, and an overdue one reminds the custodian once", async () => {
    const noDate = await submit("lawyer", await values({ mode: "take-out" }), "en");
    expect(noDate.statusCode).toBe(422);
    expect(noDate.json().data.fields[0].field).toBe("returnDue");
    const past = await submit(
      "lawyer",
      await values({ mode: "take-out", returnDue: dateIn(-1) }),
      "en",
    );
    expect(past.statusCode).toBe(422);
    const res = (
      await submit("lawyer", await values({ mode: "take-out", returnDue: dateIn(2) }))
    ).json().data;
    await api.approve(res.instanceId);
    expect((await requestRow(res.id)).status).toBe("taken-out");
    const remindAt = new Date(Date.now() + 4 * DAY);
    const [a, b] = await Promise.all([
      remindOverdueSeals(t.database.db, remindAt),
      remindOverdueSeals(t.database.db, remindAt),
    ]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.entityId, res.id));
    const custodian = await api.userId("finance");
    expect(notes.filter((n) => n.userId === custodian)).toHaveLength(1);
    expect(notes[0].titleKey).toBe("seals.notifications.overdue");
    expect(await remindOverdueSeals(t.database.db, remindAt)).toBe(0);
    const row = await requestRow(res.id);
    expect(
      (await api.post("lawyer", `/api/seal-requests/${res.id}/return`, { version: row.version }))
        .statusCode,
    ).toBe(403);
    const back = await api.post("finance", `/api/seal-requests/${res.id}/return`, {
      version: row.version,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({ status: "returned" });
    expect(
      (
        await api.post("finance", `/api/seal-requests/${res.id}/return`, {
          version: row.version + 1,
        })
      ).statusCode,
    ).toBe(409);
  });

  it("must be answered: reviewed, files with copies, recipients, reason; an inactive seal is refused", async () => {
    const v = await values();
    for (const [key, bad] of [
      ["reviewed", undefined],
      ["files", []],
      ["files", [{ fileId: v.files[0].fileId, copies: 0 }]],
      ["files", [v.files[0], v.files[0]]],
      ["recipients", [{ name: "  ", copies: 1 }]],
      ["recipients", []],
      ["recipients", "北京某某贸易有限公司"],
      ["reason", undefined],
      ["mode", "by-courier"],
    ] as const) {
      const res = await submit("lawyer", { ...v, [key]: bad }, "en");
      expect(res.statusCode, `${key}: ${res.body}`).toBe(422);
    }
    const [seal] = await t.database.db.select().from(seals).where(eq(seals.id, sealId));
    await t.database.db.update(seals).set({ sealStatus: "retired" }).where(eq(seals.id, sealId));
    const retired = await submit("lawyer", v, "en");
    expect(retired.statusCode).toBe(422);
    expect(retired.json().data.fields[0]).toEqual({
      field: "sealId",
      message: "This seal is not in use",
    });
    await t.database.db
      .update(seals)
      .set({ sealStatus: seal.sealStatus })
      .where(eq(seals.id, sealId));
    expect((await api.post("admin", "/api/seal-requests", v)).statusCode).toBe(409);
  });

  it("another firm's requests, seals, cases and files are 404; without seal rights 403; 'only own' hides others' requests", async () => {
    const mine = (await submit("lawyer", await values())).json().data;
    const row = await requestRow(mine.id);
    for (const [method, url, body] of [
      ["GET", `/api/seal-requests/${mine.id}`],
      ["GET", `/api/seal-requests/${mine.id}/usages`],
      ["POST", `/api/seal-requests/${mine.id}/return`, { version: row.version }],
      ["PATCH", `/api/seal-requests/${mine.id}`, { reason: "x", version: row.version }],
      ["GET", `/api/seals/${sealId}`],
      ["GET", `/api/seals/${sealId}/usages`],
    ] as const) {
      expect((await api.call(method, "admin2", url, body)).statusCode, `${method} ${url}`).toBe(
        404,
      );
    }
    const theirs = await values({}, "lawyer2");
    expect((await submit("lawyer2", { ...theirs, sealId })).statusCode).toBe(404);
    const kase = await api.open("lawyer", { name: "用印案件" });
    expect(
      (
        await submit("lawyer2", {
          ...theirs,
          sealId: await api.sealId("lawyer2", "official"),
          caseId: kase.id,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await submit("lawyer", {
          ...(await values()),
          files: [{ fileId: theirs.files[0].fileId, copies: 1 }],
        })
      ).statusCode,
    ).toBe(404);
    expect((await submit("assistant", await values({}, "assistant"))).statusCode).toBe(403);
    expect((await api.get("assistant", "/api/seal-requests")).statusCode).toBe(403);
    const { firmIds, roleByCode, orgApi } = await import("../fixtures/org");
    const { a } = await firmIds(t);
    const role = await roleByCode(t, a, "intern");
    const rules = [
      { action: "basic", subject: "BASIC_PERMISSION" },
      {
        action: ["read", "create"],
        subject: "LAWFIRM_SEAL_VIEW",
        conditions: { ownerId: "${user.id}" },
      },
    ];
    expect(
      (
        await orgApi(t).put("admin", `/api/roles/${role.id}/rules`, {
          rules,
          version: role.version,
        })
      ).statusCode,
    ).toBe(200);
    expect((await api.get("intern", `/api/seal-requests/${mine.id}`)).statusCode).toBe(404);
    expect((await api.get("intern", `/api/seal-requests/${mine.id}/usages`)).statusCode).toBe(404);
    const own = (await submit("intern", await values())).json().data;
    const list = (await api.get("intern", "/api/seal-requests?_end=100"))
      .json()
      .data.map((r: { id: string }) => r.id);
    expect(list).toEqual([own.id]);
  });

  it("hostile JSON (NUL, __proto__, deep nesting) never answers 5xx and writes nothing", async () => {
    const count = async () => (await t.database.db.select().from(sealRequests)).length;
    const before = await count();
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 2000; i += 1) deep = { a: deep };
    const v = await values();
    const bodies: [string, unknown][] = [
      [
        "/api/seal-request-submissions",
        { values: { ...v, recipients: [{ name: "a\u0000b", copies: 1 }] } },
      ],
      [
        "/api/seal-request-submissions",
        JSON.parse(`{"values": {"__proto__": {"isAdmin": true}, "reason": "x"}}`),
      ],
      [
        "/api/seal-request-submissions",
        {
          values: {
            ...v,
            files: [
              JSON.parse(`{"fileId": "${v.files[0].fileId}", "copies": 1, "__proto__": {"x": 1}}`),
            ],
          },
        },
      ],
      ["/api/seal-request-submissions", { values: deep }],
      [
        "/api/seals",
        {
          name: "a\u0000",
          sealType: "official",
          sealingFirm: "x",
          custodianId: await api.userId("admin"),
          sealStatus: "active",
        },
      ],
      ["/api/seals", JSON.parse(`{"__proto__": {"isAdmin": true}, "name": "x"}`)],
      ["/api/seals", { name: deep }],
    ];
    for (const [url, body] of bodies) {
      const res = await api.post("admin", url, body);
      expect(res.statusCode, `${url} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json()).toHaveProperty("code");
    }
    expect((await api.get("admin", "/api/seal-requests?_sort=__proto__")).statusCode).toBeLessThan(
      500,
    );
    expect(await count()).toBe(before);
  });
});
