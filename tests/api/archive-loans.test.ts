import { randomUUID } from "node:crypto";

import dayjs from "dayjs";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  archiveLoanOpens,
  archiveLoans,
  archiveVolumes,
  cases,
  notifications,
  roles,
  users,
  workflowTasks,
  workspaces,
} from "../../src/server/db/tables";
import { remindOverdueLoans, runMerges } from "../../src/server/features/archive";
import { firmDateOf } from "../../src/server/lib/firm-time";
import type { CatalogueRow, LoanRow } from "../../src/shared/contracts/archive-loans";
import { OWN_CONDITIONS } from "../../src/shared/permission-scopes";
import { createTestApp, type TestApp } from "../fixtures/app";
import { archiveCall, textPdf } from "../fixtures/archive";
import { casesApi } from "../fixtures/cases";
import { upload } from "../fixtures/documents";

const day = (offset = 0, from = new Date()) =>
  dayjs(firmDateOf(from, "Asia/Shanghai")).add(offset, "day").format("YYYY-MM-DD");

/**
 * Lending an archived volume (借阅): asked for through the "archive-loan" approval, read by the
 * borrower until the loan's end day and not after, every open logged, overdue loans reminded,
 * returned by the borrower or the archivist.
 */
describe("archive loans (借阅)", () => {
  let t: TestApp;
  let api: ReturnType<typeof casesApi>;
  let volumeId: string;
  let volumeNo: string;

  const call = archiveCall(() => t);
  const borrow = (who: string, id: string, body: unknown, key = randomUUID(), lang?: "zh-CN") =>
    call("POST", who, `/api/archive-volumes/${id}/loans`, body, { key, lang });
  const loanCount = async () =>
    (await t.database.db.select({ n: count() }).from(archiveLoans))[0].n;
  const firstTask = async (instanceId: string) =>
    (
      await t.database.db
        .select({ username: users.username })
        .from(workflowTasks)
        .innerJoin(users, eq(users.id, workflowTasks.assigneeId))
        .where(and(eq(workflowTasks.instanceId, instanceId), eq(workflowTasks.status, "pending")))
        .limit(1)
    )[0].username;

  /** The lawyer's closed case, its volume archived and merged by the archivist (admin). */
  const archivedVolume = async () => {
    const kase = await api.open("lawyer");
    const [row] = await t.database.db.select().from(cases).where(eq(cases.id, kase.id));
    const up = await upload(t, "admin", [
      { field: "folderId", value: row.folderId as string },
      {
        field: "file",
        filename: "judgment.pdf",
        body: await textPdf("JUDGMENT"),
        type: "application/pdf",
      },
    ]);
    expect(up.statusCode, up.body).toBe(200);
    // Closing opens the volume with the case folder's files.
    const closed = await api.post("admin", `/api/cases/${kase.id}/close`, {
      version: (await api.get("admin", `/api/cases/${kase.id}`)).json().data.version,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const opened = await call("POST", "admin", `/api/cases/${kase.id}/archive-volume`);
    expect(opened.statusCode, opened.body).toBe(200);
    const id = opened.json().data.id as string;
    const sent = await call("POST", "admin", `/api/archive-volumes/${id}/submissions`, undefined, {
      key: randomUUID(),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const instanceId = sent.json().data.instanceId as string;
    await api.wf.accept(await firstTask(instanceId), instanceId);
    await runMerges(t.app);
    const [v] = await t.database.db.select().from(archiveVolumes).where(eq(archiveVolumes.id, id));
    expect(v.mergeStatus).toBe("done");
    return v;
  };

  beforeAll(async () => {
    t = await createTestApp({ archiveMergeIntervalMs: 0 });
    api = casesApi(t);
    const v = await archivedVolume();
    volumeId = v.id;
    volumeNo = v.volumeNo!;
    // The intern reads only own cases: the lawyer's volume is not theirs to read but by a loan.
    const [firm] = await t.database.db
      .select()
      .from(workspaces)
      .where(eq(workspaces.nameEn, "Mingde Law Firm"));
    const [intern] = await t.database.db
      .select()
      .from(roles)
      .where(and(eq(roles.workspaceId, firm.id), eq(roles.code, "intern")));
    const rules = await call("PUT", "admin", `/api/roles/${intern.id}/rules`, {
      rules: [
        { action: "basic", subject: "BASIC_PERMISSION" },
        { action: "read", subject: "LAWFIRM_CASE_VIEW", conditions: OWN_CONDITIONS },
        { action: "read", subject: "LAWFIRM_ARCHIVE_VIEW" },
      ],
      version: intern.version,
    });
    expect(rules.statusCode, rules.body).toBe(200);
  });
  afterAll(() => t.close());

  it("lends a volume through its approval; the borrower reads it, each open logged, until the end day", async () => {
    expect((await call("GET", "intern", `/api/archive-volumes/${volumeId}`)).statusCode).toBe(404);
    const found = await call(
      "GET",
      "intern",
      `/api/archive-catalogue?q=${encodeURIComponent(volumeNo)}`,
    );
    expect(found.statusCode, found.body).toBe(200);
    expect((found.json().data as CatalogueRow[]).map((r) => [r.id, r.readable])).toEqual([
      [volumeId, false],
    ]);
    expect(found.headers["x-total-count"]).toBe("1");

    const key = randomUUID();
    const body = { purpose: "准备类案检索，参考代理意见", untilOn: day(5) };
    const asked = await borrow("intern", volumeId, body, key);
    expect(asked.statusCode, asked.body).toBe(200);
    const { loanId, instanceId } = asked.json().data as { loanId: string; instanceId: string };
    const replay = await borrow("intern", volumeId, body, key);
    expect(replay.json().data).toEqual({ loanId, instanceId });
    const again = await borrow("intern", volumeId, body);
    expect(again.statusCode).toBe(409);
    // Pending is not lent yet.
    expect((await call("GET", "intern", `/api/archive-volumes/${volumeId}`)).statusCode).toBe(404);

    await api.wf.accept(await firstTask(instanceId), instanceId);
    const page = await call("GET", "intern", `/api/archive-volumes/${volumeId}`);
    expect(page.statusCode, page.body).toBe(200);
    const pdf = await call("GET", "intern", `/api/archive-volumes/${volumeId}/merged-pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    // The archivist reading it is not a borrower's open.
    expect((await call("GET", "admin", `/api/archive-volumes/${volumeId}`)).statusCode).toBe(200);
    const opens = await call("GET", "admin", `/api/archive-loans/${loanId}/opens`);
    expect(
      opens
        .json()
        .data.map((o: { what: string }) => o.what)
        .sort(),
    ).toEqual(["pdf", "volume"]);
    const mine = (await call("GET", "intern", "/api/archive-loans?mine=true")).json()
      .data as LoanRow[];
    expect(mine.find((l) => l.id === loanId)).toMatchObject({
      status: "active",
      readable: true,
      overdue: false,
      opens: 2,
      volumeNo,
    });
    const catalogue = (await call("GET", "intern", "/api/archive-catalogue")).json()
      .data as CatalogueRow[];
    expect(catalogue.find((r) => r.id === volumeId)).toMatchObject({
      readable: true,
      myLoan: { status: "active" },
    });

    // The end day passes (the loan's day moved back, as the clock moving on would): no more reading.
    await t.database.db
      .update(archiveLoans)
      .set({ untilOn: day(-1) })
      .where(eq(archiveLoans.id, loanId));
    expect((await call("GET", "intern", `/api/archive-volumes/${volumeId}`)).statusCode).toBe(404);
    expect(
      (await call("GET", "intern", `/api/archive-volumes/${volumeId}/merged-pdf`)).statusCode,
    ).toBe(404);
    const overdue = (await call("GET", "admin", "/api/archive-loans?overdue=true")).json()
      .data as LoanRow[];
    expect(overdue.map((l) => l.id)).toContain(loanId);
    expect((await t.database.db.select({ n: count() }).from(archiveLoanOpens))[0].n).toBe(2);
  });

  it("reminds an overdue borrower once a week on an injected clock, however many processes run", async () => {
    const [loan] = await t.database.db
      .select()
      .from(archiveLoans)
      .where(eq(archiveLoans.status, "active"));
    const notices = async () =>
      (
        await t.database.db
          .select({ n: count() })
          .from(notifications)
          .where(eq(notifications.entityId, loan.id))
      )[0].n;
    const now = new Date();
    const sent = await Promise.all([
      remindOverdueLoans(t.app, now),
      remindOverdueLoans(t.app, now),
    ]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await notices()).toBe(1);
    expect(await remindOverdueLoans(t.app, dayjs(now).add(3, "day").toDate())).toBe(0);
    expect(await remindOverdueLoans(t.app, dayjs(now).add(7, "day").toDate())).toBe(1);
    expect(await notices()).toBe(2);
  });

  it("ends a loan when the borrower returns it, once; a rejected request lends nothing", async () => {
    const [loan] = await t.database.db
      .select()
      .from(archiveLoans)
      .where(eq(archiveLoans.status, "active"));
    const back = await call("POST", "intern", `/api/archive-loans/${loan.id}/return`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.status).toBe("returned");
    const twice = await call("POST", "admin", `/api/archive-loans/${loan.id}/return`, undefined, {
      lang: "zh-CN",
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe("只有借出中的卷宗可以归还");

    const asked = await borrow("intern", volumeId, { purpose: "再次借阅", untilOn: day(3) });
    expect(asked.statusCode, asked.body).toBe(200);
    const { loanId, instanceId } = asked.json().data;
    const approver = await firstTask(instanceId);
    const rejected = await api.wf.act(approver, instanceId, {
      type: "reject",
      taskId: await api.wf.myTask(approver, instanceId),
      comment: "用途不明",
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(archiveLoans)
      .where(eq(archiveLoans.id, loanId));
    expect(row.status).toBe("rejected");
    expect((await call("GET", "intern", `/api/archive-volumes/${volumeId}`)).statusCode).toBe(404);
  });

  it("refuses another firm, another member's loan and bad input with a translated 4xx, writing nothing", async () => {
    const [loan] = await t.database.db.select().from(archiveLoans).limit(1);
    const before = await loanCount();
    for (const [method, url, body] of [
      ["POST", `/api/archive-volumes/${volumeId}/loans`, { purpose: "x", untilOn: day(2) }],
      ["POST", `/api/archive-loans/${loan.id}/return`],
      ["GET", `/api/archive-loans/${loan.id}/opens`],
    ] as ["GET" | "POST", string, unknown?][]) {
      const res = await call(method, "admin2", url, body, { key: randomUUID() });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // The lawyer may borrow too, but another member's loan is not theirs to see or end.
    expect((await call("GET", "lawyer", `/api/archive-loans/${loan.id}/opens`)).statusCode).toBe(
      404,
    );
    const theirs = (await call("GET", "admin2", "/api/archive-catalogue")).json()
      .data as CatalogueRow[];
    expect(theirs.map((r) => r.id)).not.toContain(volumeId);

    const deep = `{"purpose":"x","untilOn":"${day(2)}","d":${"[".repeat(5000)}${"]".repeat(5000)}}`;
    const bad: unknown[] = [
      { purpose: "x", untilOn: "2031-02-30" },
      { purpose: "x", untilOn: day(-1) },
      { purpose: "x", untilOn: day(91) },
      { purpose: "   ", untilOn: day(2) },
      { purpose: "a\u0000b", untilOn: day(2) },
      { purpose: "x".repeat(501), untilOn: day(2) },
      JSON.parse(`{"purpose":"x","untilOn":"${day(2)}","__proto__":{"admin":true}}`),
      deep,
    ];
    for (const [i, body] of bad.entries()) {
      const res = await borrow("lawyer", volumeId, body, randomUUID(), "zh-CN");
      expect([400, 413, 422], `body ${i}: ${res.body}`).toContain(res.statusCode);
      expect(res.json().msg, `body ${i}`).not.toMatch(/^[\x20-\x7e]+$/);
    }
    // A volume not archived yet cannot be borrowed.
    const kase = await api.open("lawyer");
    await api.post("admin", `/api/cases/${kase.id}/close`, { version: kase.version });
    const draft = (await call("POST", "admin", `/api/cases/${kase.id}/archive-volume`)).json().data;
    const early = await borrow("lawyer", draft.id, { purpose: "x", untilOn: day(2) });
    expect(early.statusCode).toBe(409);
    expect((await call("GET", "lawyer", "/api/archive-loans?status=nope")).statusCode).toBe(400);
    expect((await call("GET", "lawyer", "/api/archive-catalogue?q=%00")).statusCode).toBe(400);
    expect(await loanCount()).toBe(before);
  });
});
