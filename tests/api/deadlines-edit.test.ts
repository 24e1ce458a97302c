import dayjs from "dayjs";
import { and, asc, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { reminderDate } from "../../src/shared/deadline-compute";
import { OWN_CONDITIONS } from "../../src/shared/permission-scopes";
import type { PermissionRule } from "../../src/shared/permissions";
import { auditLogs, keyDateReminders, keyDates } from "../../src/server/db/tables";
import { runDeadlineReminders } from "../../src/server/features/deadlines/reminders";
import type { TestApp } from "../fixtures/app";
import { deadlinesApi, deadlinesSuite, plusDays } from "../fixtures/deadlines";
import { firmIds, orgApi, roleByCode } from "../fixtures/org";

describe("PATCH /api/key-dates/:id", () => {
  const suite = deadlinesSuite("期限更正测试案件");
  let t: TestApp;
  let api: ReturnType<typeof deadlinesApi>;
  let caseId: string;
  beforeAll(() => ({ t, api, caseId } = suite));

  const rowOf = async (id: string) =>
    (await t.database.db.select().from(keyDates).where(eq(keyDates.id, id)))[0];
  const remindersOf = (id: string) =>
    t.database.db
      .select()
      .from(keyDateReminders)
      .where(eq(keyDateReminders.keyDateId, id))
      .orderBy(asc(keyDateReminders.kind), asc(keyDateReminders.offsetDays));
  const auditCount = async (id: string) =>
    (
      await t.database.db
        .select({ n: count() })
        .from(auditLogs)
        .where(and(eq(auditLogs.entity, "key_dates"), eq(auditLogs.entityId, id)))
    )[0].n;
  const computed = async (triggerDate: string, extra: Record<string, unknown> = {}) => {
    const res = await api.addKeyDate("lawyer", caseId, {
      deadlineType: "appeal",
      source: "computed",
      ruleCode: "appeal-judgment",
      triggerDate,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string; version: number; dueDate: string };
  };

  it("recomputes the due date from a corrected trigger, across a holiday, and needs the second sign-off again", async () => {
    const created = await computed("2026-12-03");
    expect(created.dueDate).toBe("2026-12-18");
    const confirmed = await api.post("partner", `/api/key-dates/${created.id}/confirm`, {
      version: created.version,
    });
    expect(confirmed.json().data.confirmedAt).toBeTruthy();
    const audits = await auditCount(created.id);
    // The judgment was really served on 22 September: 15 days end on 7 October, inside the
    // National Day holiday, so the period runs to the next working day.
    const res = await api.patch("lawyer", `/api/key-dates/${created.id}`, {
      triggerDate: "2026-09-22",
      version: confirmed.json().data.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      triggerDate: "2026-09-22",
      dueDate: "2026-10-08",
      shiftedFrom: "2026-10-07",
      ruleCode: "appeal-judgment",
      source: "computed",
      status: "open",
      confirmedAt: null,
      confirmedBy: null,
      version: confirmed.json().data.version + 1,
    });
    // The answer is what preview gives for the same trigger: one computation, not two.
    const preview = await api.post("lawyer", "/api/key-dates/preview", {
      ruleCode: "appeal-judgment",
      triggerDate: "2026-09-22",
    });
    expect(res.json().data.dueDate).toBe(preview.json().data.dueDate);
    expect(await auditCount(created.id)).toBe(audits + 1);
    // Confirmed again by a second team member, as after entry.
    const again = await api.post("partner", `/api/key-dates/${created.id}/confirm`, {
      version: res.json().data.version,
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it("plans the reminders again from the corrected date, an offset already sent for the old date included", async () => {
    const created = await computed(plusDays(-5), { reminderOffsets: [7, 3, 1, 0] });
    const oldDue = created.dueDate;
    // The 7-days-before reminder goes out on its day.
    await runDeadlineReminders(
      t.database.db,
      dayjs(`${reminderDate(oldDue, 7)}T12:00:00+08:00`).toDate(),
    );
    const sentBefore = (await remindersOf(created.id)).filter((r) => r.sentAt);
    expect(sentBefore.map((r) => r.offsetDays)).toEqual([7]);

    const res = await api.patch("lawyer", `/api/key-dates/${created.id}`, {
      triggerDate: plusDays(1),
      version: created.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const newDue = res.json().data.dueDate as string;
    expect(newDue > oldDue).toBe(true);
    const after = await remindersOf(created.id);
    // "7 days before" went out for the old date: the team hears it again for the real one.
    expect(after.filter((r) => r.sentAt)).toEqual([]);
    const unsent = after.map((r) => ({ kind: r.kind, offset: r.offsetDays, sendOn: r.sendOn }));
    const planned = [
      { kind: "escalation", offset: -1, sendOn: dayjs(newDue).add(1, "day").format("YYYY-MM-DD") },
      ...[0, 1, 3, 7].map((offset) => ({
        kind: "reminder",
        offset,
        sendOn: reminderDate(newDue, offset),
      })),
    ].filter((r) => r.sendOn >= plusDays(0));
    expect(unsent.sort((a, b) => a.offset - b.offset)).toEqual(
      planned.sort((a, b) => a.offset - b.offset),
    );
    // Editing only the note re-plans nothing: a reminder sent for this very date stays sent.
    await runDeadlineReminders(
      t.database.db,
      dayjs(`${reminderDate(newDue, 7)}T12:00:00+08:00`).toDate(),
    );
    const sentNow = (await remindersOf(created.id)).filter((r) => r.sentAt);
    const noted = await api.patch("lawyer", `/api/key-dates/${created.id}`, {
      note: "仅备注",
      version: res.json().data.version,
    });
    expect(noted.statusCode, noted.body).toBe(200);
    expect((await remindersOf(created.id)).filter((r) => r.sentAt)).toEqual(sentNow);
  });

  it("changes a manual date, its responsible lawyer and reminders; a closed one gets no new reminders", async () => {
    const created = (
      await api.addKeyDate("lawyer", caseId, {
        deadlineType: "evidence",
        source: "manual",
        dueDate: plusDays(20),
      })
    ).json().data;
    const partner = await api.userId("partner");
    const res = await api.patch("lawyer", `/api/key-dates/${created.id}`, {
      dueDate: plusDays(25),
      responsibleId: partner,
      reminderOffsets: [2],
      note: "法院延期",
      version: created.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      dueDate: plusDays(25),
      responsibleId: partner,
      reminderOffsets: [2],
      note: "法院延期",
      confirmedAt: null,
    });
    expect((await remindersOf(created.id)).map((r) => r.sendOn)).toEqual([
      plusDays(26),
      plusDays(23),
    ]);
    const done = await api.post("lawyer", `/api/key-dates/${created.id}/status`, {
      status: "done",
      version: res.json().data.version,
    });
    const edited = await api.patch("lawyer", `/api/key-dates/${created.id}`, {
      dueDate: plusDays(30),
      version: done.json().data.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.status).toBe("done");
    expect(await remindersOf(created.id)).toEqual([]);
  });

  it("moves a hearing's date with its time; a note alone keeps the sign-off", async () => {
    const created = (
      await api.addKeyDate("lawyer", caseId, {
        deadlineType: "hearing",
        source: "court-notice",
        dueDate: plusDays(9),
        startsAt: `${plusDays(9)}T01:30:00.000Z`,
        court: "朝阳法院",
      })
    ).json().data;
    const moved = await api.patch("lawyer", `/api/key-dates/${created.id}`, {
      startsAt: `${plusDays(12)}T06:00:00.000Z`,
      courtroom: "第三法庭",
      version: created.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      dueDate: plusDays(12),
      court: "朝阳法院",
      courtroom: "第三法庭",
    });
    const ok = await api.post("partner", `/api/key-dates/${created.id}/confirm`, {
      version: moved.json().data.version,
    });
    const noted = await api.patch("lawyer", `/api/key-dates/${created.id}`, {
      note: "带齐原件",
      version: ok.json().data.version,
    });
    expect(noted.json().data).toMatchObject({
      note: "带齐原件",
      confirmedBy: await api.userId("partner"),
    });
  });

  it("answers 409 on a stale version and changes nothing", async () => {
    const created = await computed("2026-12-03");
    const first = await api.patch("lawyer", `/api/key-dates/${created.id}`, {
      triggerDate: "2026-12-04",
      version: created.version,
    });
    expect(first.statusCode).toBe(200);
    const before = await rowOf(created.id);
    const stale = await api.patch(
      "partner",
      `/api/key-dates/${created.id}`,
      { triggerDate: "2026-12-10", version: created.version },
      "zh-CN",
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBeTruthy();
    expect(stale.json().msg).not.toBe("errors.staleVersion");
    expect(await rowOf(created.id)).toEqual(before);
  });

  it("refuses bad input with a translated 4xx and writes nothing", async () => {
    const created = await computed("2026-12-03");
    const before = await rowOf(created.id);
    const reminders = await remindersOf(created.id);
    const audits = await auditCount(created.id);
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 2000; i += 1) deep = { a: deep };
    const v = created.version;
    const bodies: unknown[] = [
      { triggerDate: "2026/12/03", version: v },
      { triggerDate: "2026-02-30", version: v },
      { dueDate: "2026-12-20", version: v },
      { responsibleId: "00000000-0000-4000-8000-000000000000", version: v },
      { reminderOffsets: [-1], version: v },
      { note: "a\u0000b", version: v },
      { triggerDate: "2026-12-0\u0000", version: v },
      { ruleCode: "appeal-ruling", version: v },
      { deadlineType: "defence", version: v },
      { triggerDate: "2026-12-05" },
      JSON.parse(`{"triggerDate": "2026-12-05", "version": ${v}, "__proto__": {"isAdmin": true}}`),
      JSON.parse(
        `{"triggerDate": "2026-12-05", "version": ${v}, "constructor": {"prototype": {"x": 1}}}`,
      ),
      { note: deep, version: v },
    ];
    for (const body of bodies) {
      const res = await api.patch("lawyer", `/api/key-dates/${created.id}`, body, "zh-CN");
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json().msg).toBeTruthy();
    }
    const bad = await api.patch(
      "lawyer",
      `/api/key-dates/${created.id}`,
      { triggerDate: "03.12.2026", version: v },
      "zh-CN",
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().data.fields[0].message).toContain("应为真实存在的日期（YYYY-MM-DD");
    const computedDue = await api.patch("lawyer", `/api/key-dates/${created.id}`, {
      dueDate: "2026-12-20",
      version: v,
    });
    expect(computedDue.json().data.fields[0]).toMatchObject({ field: "dueDate" });
    expect(computedDue.json().data.fields[0].message).toMatch(/trigger/i);
    expect(await rowOf(created.id)).toEqual(before);
    expect(await remindersOf(created.id)).toEqual(reminders);
    expect(await auditCount(created.id)).toBe(audits);
  });

  it("another firm's member gets 404; a reader of the case gets 403; nothing changes", async () => {
    const created = await computed("2026-12-03");
    const before = await rowOf(created.id);
    expect(
      (
        await api.patch("lawyer2", `/api/key-dates/${created.id}`, {
          triggerDate: "2026-12-05",
          version: created.version,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await api.patch("admin2", `/api/key-dates/${created.id}`, {
          triggerDate: "2026-12-05",
          version: created.version,
        })
      ).statusCode,
    ).toBe(404);
    // The assistant is on the team but may only read cases.
    expect(
      (
        await api.patch("assistant", `/api/key-dates/${created.id}`, {
          triggerDate: "2026-12-05",
          version: created.version,
        })
      ).statusCode,
    ).toBe(403);
    expect(await rowOf(created.id)).toEqual(before);
  });

  it("an 'only own cases' member may correct dates on their cases only", async () => {
    const { a } = await firmIds(t);
    const role = await roleByCode(t, a, "intern");
    const rules: PermissionRule[] = [
      { action: "basic", subject: "BASIC_PERMISSION" },
      { action: ["read", "update"], subject: "LAWFIRM_CASE_VIEW", conditions: OWN_CONDITIONS },
    ];
    expect(
      (
        await orgApi(t).put("admin", `/api/roles/${role.id}/rules`, {
          rules,
          version: role.version,
        })
      ).statusCode,
    ).toBe(200);
    const own = await api.open("lawyer", {
      name: "实习生参与的更正案件",
      assistantIds: [await api.userId("intern")],
    });
    const mine = (
      await api.addKeyDate("lawyer", own.id, {
        deadlineType: "appeal",
        source: "manual",
        dueDate: plusDays(8),
      })
    ).json().data;
    const other = await computed("2026-12-03");
    const before = await rowOf(other.id);
    expect(
      (
        await api.patch("intern", `/api/key-dates/${other.id}`, {
          triggerDate: "2026-12-05",
          version: other.version,
        })
      ).statusCode,
    ).toBe(404);
    expect(await rowOf(other.id)).toEqual(before);
    const ok = await api.patch("intern", `/api/key-dates/${mine.id}`, {
      dueDate: plusDays(9),
      version: mine.version,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
