import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import {
  members,
  tasks,
  users,
  workflowDefinitions,
  workflowInstances,
  workflowTasks,
} from "../../src/server/db/tables";
import { contractsApi, contractsSuite } from "../fixtures/contracts";
import { snapshotWorkspace } from "../fixtures/tenant-snapshot";
import type { TestApp } from "../fixtures/app";

/**
 * Dates inside what an approval carries (a case's, a contract's or a seal request's values, a
 * general form, the custodian's stamping step) are refused when submitted, naming the field, in
 * both languages, with nothing written; and a JSON body that is not UTF-8 is refused, not repaired.
 */

type Envelope = {
  code: number;
  msg: string;
  data: { fields?: { field: string; message: string }[] } | null;
};

const suite = contractsSuite();

/** The firm a demo user works in. */
const firmOf = async (t: TestApp, username: string) => {
  const [row] = await t.database.db
    .select({ id: members.workspaceId })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(eq(users.username, username));
  return row.id;
};

describe("dates in approval submissions", () => {
  let t: TestApp;
  let api: ReturnType<typeof contractsApi>;
  let firmId: string;
  beforeAll(async () => {
    ({ t, api } = suite);
    firmId = await firmOf(t, "lawyer");
  });

  /** Posts in both languages and checks the answer: 422, the field named, the text translated, nothing written. */
  const refused = async (url: string, body: unknown, field: string, who = "lawyer") => {
    const before = await snapshotWorkspace(t.database.db, firmId);
    const en = await api.post(who, url, body, "en");
    const zh = await api.post(who, url, body, "zh-CN");
    expect(en.statusCode, en.body).toBe(422);
    const [a, b] = [en.json(), zh.json()] as Envelope[];
    expect(a.code).toBe(422);
    expect(
      a.data?.fields?.map((f) => f.field),
      en.body,
    ).toContain(field);
    expect(a.msg).toContain("1900–2199");
    expect(b.msg).toContain("1900–2199");
    expect(a.msg).not.toBe(b.msg);
    expect(await snapshotWorkspace(t.database.db, firmId)).toEqual(before);
  };

  it("POST /api/case-submissions refuses a service start the calendar does not have", async () => {
    for (const bad of ["2031-02-30", "2026-02-29", "0000-01-01"]) {
      await refused(
        "/api/case-submissions",
        { values: await api.values({ serviceStart: bad }) },
        "serviceStart",
      );
    }
  });

  it("POST /api/contract-submissions refuses impossible start and end dates", async () => {
    const c = await api.open();
    const values = await api.contractValues(c.id);
    await refused(
      "/api/contract-submissions",
      { values: { ...values, startDate: "2026-02-29" } },
      "startDate",
    );
    await refused(
      "/api/contract-submissions",
      { values: { ...values, endDate: "0000-01-01" } },
      "endDate",
    );
  });

  it("POST /api/seal-request-submissions refuses an impossible return date", async () => {
    const [fileId] = await api.files("lawyer", ["律师函.pdf"]);
    const values = {
      documentType: "lawyer-letter",
      recipients: [{ name: "北京某某贸易有限公司", copies: 1 }],
      files: [{ fileId, copies: 1 }],
      sealId: await api.sealId("lawyer", "official"),
      reason: "催告履行合同义务",
      reviewed: true,
      mode: "takeout",
    };
    for (const bad of ["2031-02-30", "0000-01-01"])
      await refused(
        "/api/seal-request-submissions",
        { values: { ...values, returnDue: bad } },
        "returnDue",
      );
  });

  it("POST /api/workflow/instances refuses a general form's impossible date", async () => {
    const [leave] = await t.database.db
      .select({ id: workflowDefinitions.id })
      .from(workflowDefinitions)
      .where(
        and(eq(workflowDefinitions.workspaceId, firmId), eq(workflowDefinitions.key, "leave")),
      );
    const form = { title: "年假", leaveType: "年假", days: 1, startDate: "2031-02-30" };
    const before = await snapshotWorkspace(t.database.db, firmId);
    const zh = await api.wf.submit("lawyer", leave.id, form);
    expect(zh.statusCode, zh.body).toBe(422);
    // No Lang header: the firm's default language, Chinese.
    expect((zh.json() as Envelope).data?.fields).toContainEqual({
      field: "startDate",
      message: "应为真实存在的日期（YYYY-MM-DD，1900–2199 年）",
    });
    expect(await snapshotWorkspace(t.database.db, firmId)).toEqual(before);
  });

  it("the custodian's stamping step refuses an impossible stamping date and the approval stays open", async () => {
    const c = await api.open();
    const res = await api.submitContract("lawyer", await api.contractValues(c.id));
    expect(res.statusCode, res.body).toBe(200);
    const { instanceId } = res.json().data as { instanceId: string };
    // Accept the approvers' steps until the custodian's handler step is open.
    let handler: string | undefined;
    for (let guard = 0; guard < 10 && !handler; guard += 1) {
      const open = await api.holders(instanceId);
      handler = open.find((o) => o.kind === "handler")?.username;
      if (!handler) for (const { username } of open) await api.wf.accept(username, instanceId);
    }
    expect(handler).toBeDefined();
    const who = handler as string;
    const taskId = await api.wf.myTask(who, instanceId);
    const countTasks = async () =>
      (
        await t.database.db
          .select({ n: count() })
          .from(workflowTasks)
          .where(eq(workflowTasks.instanceId, instanceId))
      )[0].n;
    const [before, tasksBefore] = [
      await t.database.db
        .select()
        .from(workflowInstances)
        .where(eq(workflowInstances.id, instanceId)),
      await countTasks(),
    ];
    for (const lang of ["en", "zh-CN"]) {
      const answer = await api.wf.act(
        who,
        instanceId,
        { type: "accept", taskId, formPatch: { stampedCopies: 2, stampedAt: "2026-02-29" } },
        undefined,
        lang,
      );
      expect(answer.statusCode, answer.body).toBe(422);
      expect((answer.json() as Envelope).data?.fields?.map((f) => f.field)).toContain("stampedAt");
    }
    expect(
      await t.database.db
        .select()
        .from(workflowInstances)
        .where(eq(workflowInstances.id, instanceId)),
    ).toEqual(before);
    expect(await countTasks()).toBe(tasksBefore);
  });
});

describe("a JSON body that is not UTF-8", () => {
  const tasksOf = async (t: TestApp) =>
    (await t.database.db.select({ n: count() }).from(tasks))[0].n;
  const post = async (t: TestApp, body: Buffer, lang = "en") =>
    t.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: await t.as("lawyer", { lang, "content-type": "application/json" }),
      payload: body,
    });
  const withBytes = (bytes: number[]) =>
    Buffer.concat([Buffer.from('{"title":"a'), Buffer.from(bytes), Buffer.from('b"}')]);

  it("is refused with a translated 400 and nothing stored, whichever bytes are broken", async () => {
    const { t } = suite;
    const before = await tasksOf(t);
    // A stray continuation byte, a cut-off character, an overlong "/", a surrogate's bytes, 0xFF.
    for (const bytes of [[0x80], [0xe4, 0xb8], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xff]]) {
      const en = await post(t, withBytes(bytes));
      const zh = await post(t, withBytes(bytes), "zh-CN");
      expect(en.statusCode, `${bytes} ${en.body}`).toBe(400);
      expect(en.json()).toEqual({
        code: 400,
        msg: "The request body is not valid UTF-8: nothing was saved",
        data: null,
      });
      expect(zh.json().msg).toBe("请求内容不是有效的 UTF-8 编码，未保存任何内容");
    }
    expect(await tasksOf(t)).toBe(before);
    // The same body in real UTF-8 is stored as sent.
    const ok = await post(t, withBytes([0xe4, 0xb8, 0xad]));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.title).toBe("a中b");
  });

  it("refuses NUL, __proto__ and deep JSON in dates and date filters, and writes nothing", async () => {
    const { t } = suite;
    const headers = await t.as("lawyer", { lang: "en" });
    const firmId = await firmOf(t, "lawyer");
    const before = await snapshotWorkspace(t.database.db, firmId);
    let deep = '"2026-01-05"';
    for (let i = 0; i < 5000; i += 1) deep = `{"a":${deep}}`;
    const bodies: [string, string][] = [
      [
        "/api/calendar-events",
        JSON.stringify({
          title: "x",
          startsAt: "2026-01-05T09:00:00Z\u0000",
          endsAt: "2026-01-05T10:00:00Z",
        }),
      ],
      [
        "/api/calendar-events",
        `{"title":"x","startsAt":"2026-01-05T09:00:00Z","endsAt":"2026-01-05T10:00:00Z","__proto__":{"isAdmin":true}}`,
      ],
      ["/api/calendar-events", `{"title":"x","startsAt":${deep},"endsAt":"2026-01-05T10:00:00Z"}`],
      ["/api/tasks", JSON.stringify({ title: "x", dueDate: "2026-01-0\u00005" })],
      ["/api/tasks", `{"title":"x","dueDate":{"__proto__":"2026-01-05"}}`],
    ];
    for (const [url, payload] of bodies) {
      const res = await t.app.inject({
        method: "POST",
        url,
        headers: { ...headers, "content-type": "application/json" },
        payload,
      });
      expect(res.statusCode, `${url} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json().code).toBe(res.statusCode);
    }
    for (const query of [
      "dueBefore=2026-01-05%00",
      "dueBefore[__proto__]=2026-01-05",
      "__proto__=2026-01-05",
    ]) {
      const res = await t.app.inject({ url: `/api/tasks?${query}`, headers });
      expect(res.statusCode, query).toBe(400);
    }
    for (const query of [
      "amount_gte=1%00",
      "serviceStart_gte[__proto__]=2026-01-05",
      "__proto___gte=1",
      `serviceStart_gte${"[a]".repeat(200)}=1`,
    ]) {
      const res = await t.app.inject({ url: `/api/cases?${query}`, headers });
      expect(res.statusCode, query).toBe(400);
    }
    expect(await snapshotWorkspace(t.database.db, firmId)).toEqual(before);
  });
});
