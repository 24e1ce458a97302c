import ICAL from "ical.js";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { OWN_CONDITIONS } from "../../src/shared/permission-scopes";
import type { PermissionRule } from "../../src/shared/permissions";
import { dictionaryItems } from "../../src/server/db/tables";
import type { TestApp } from "../fixtures/app";
import { casesSuite } from "../fixtures/cases";
import { deadlinesApi, plusDays } from "../fixtures/deadlines";
import { firmIds, orgApi, roleByCode } from "../fixtures/org";

/**
 * The events of an iCalendar text as ical.js reads them (not the generator): UID, summary, the
 * start as written (wall clock or date), its zone, whether it is a date, and the instant it means
 * once the feed's own VTIMEZONE is applied.
 */
const parseFeed = (text: string) => {
  const comp = new ICAL.Component(ICAL.parse(text));
  for (const zone of comp.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return comp.getAllSubcomponents("vevent").map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      summary: e.summary,
      start: e.startDate.toString(),
      zone: e.startDate.isDate ? null : e.startDate.zone.tzid,
      isDate: e.startDate.isDate,
      instant: e.startDate.isDate ? null : e.startDate.toJSDate().toISOString(),
    };
  });
};

describe("calendar, feed, tasks and templates", () => {
  const suite = casesSuite({ casesExpiryIntervalSeconds: 0, deadlineReminderIntervalSeconds: 0 });
  let t: TestApp;
  let api: ReturnType<typeof deadlinesApi>;
  let caseId: string;
  let otherCaseId: string;
  beforeAll(async () => {
    t = suite.t;
    api = deadlinesApi(t);
    caseId = (await api.teamCase("日历测试案件")).id;
    // A case the assistant is not on.
    otherCaseId = (await api.open("lawyer", { name: "助理不在团队的案件" })).id;
  });

  describe("GET /api/calendar-feed/:token", () => {
    it("serves exactly what its owner may see, parses with ical.js, and dies when regenerated or revoked", async () => {
      const hearing = (
        await api.addKeyDate("lawyer", caseId, {
          deadlineType: "hearing",
          source: "court-notice",
          dueDate: plusDays(5),
          startsAt: `${plusDays(5)}T01:30:00.000Z`,
          court: "朝阳法院",
        })
      ).json().data;
      const hidden = (
        await api.addKeyDate("lawyer", otherCaseId, {
          deadlineType: "appeal",
          source: "manual",
          dueDate: plusDays(6),
        })
      ).json().data;
      const on = await api.post("assistant", "/api/calendar-feed", {});
      expect(on.statusCode, on.body).toBe(200);
      const path = on.json().data.path as string;
      const res = await t.app.inject({ url: path });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-type"]).toContain("text/calendar");
      const events = parseFeed(res.body);
      const uids = events.map((e) => e.uid);
      expect(uids).toContain(`key-date-${hearing.id}@law-manage`);
      expect(uids).not.toContain(`key-date-${hidden.id}@law-manage`);
      const h = events.find((e) => e.uid === `key-date-${hearing.id}@law-manage`)!;
      // 09:30 on the firm's clock, named as such, and the very instant that was entered.
      expect(h).toMatchObject({
        start: `${plusDays(5)}T09:30:00`,
        zone: "Asia/Shanghai",
        instant: `${plusDays(5)}T01:30:00.000Z`,
      });
      expect(res.body).toContain(
        `DTSTART;TZID=Asia/Shanghai:${plusDays(5).replace(/-/g, "")}T093000`,
      );
      expect(h.summary).toContain("[?]");
      // Another firm's member's feed holds none of this firm's rows.
      const other = await api.post("lawyer2", "/api/calendar-feed", {});
      const otherUids = parseFeed((await t.app.inject({ url: other.json().data.path })).body).map(
        (e) => e.uid,
      );
      expect(otherUids).not.toContain(`key-date-${hearing.id}@law-manage`);
      // Taken off the case team, the assistant stops seeing its dates at the next fetch.
      const kase = (await api.get("lawyer", `/api/cases/${caseId}`)).json().data;
      const edited = await api.patch("lawyer", `/api/cases/${caseId}`, {
        assistantIds: [],
        version: kase.version,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(parseFeed((await t.app.inject({ url: path })).body).map((e) => e.uid)).not.toContain(
        `key-date-${hearing.id}@law-manage`,
      );
      await api.patch("lawyer", `/api/cases/${caseId}`, {
        assistantIds: [await api.userId("assistant")],
        version: edited.json().data.version,
      });
      // A new URL kills the old one; turning the feed off kills the new one.
      const again = await api.post("assistant", "/api/calendar-feed", {});
      expect((await t.app.inject({ url: path })).statusCode).toBe(404);
      expect((await t.app.inject({ url: again.json().data.path })).statusCode).toBe(200);
      expect((await api.del("assistant", "/api/calendar-feed")).statusCode).toBe(200);
      expect((await t.app.inject({ url: again.json().data.path })).statusCode).toBe(404);
      expect((await t.app.inject({ url: "/api/calendar-feed/not-a-token.ics" })).statusCode).toBe(
        404,
      );
      expect((await api.get("assistant", "/api/calendar-feed")).json().data.isEnabled).toBe(false);
    });
  });

  describe("GET /api/calendar-feed/:token on the firm's clock", () => {
    /** The feed fetched by an app process whose own clock is `tz`, restored afterwards. */
    const fetchIn = async (tz: string, path: string) => {
      const was = process.env.TZ;
      process.env.TZ = tz;
      try {
        const res = await t.app.inject({ url: path });
        expect(res.statusCode, res.body).toBe(200);
        return res;
      } finally {
        if (was === undefined) delete process.env.TZ;
        else process.env.TZ = was;
      }
    };
    const setZone = async (timeZone: string) => {
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/firm-time-zone",
        headers: await t.as("admin"),
        payload: { timeZone },
      });
      expect(res.statusCode, res.body).toBe(200);
    };

    it("gives hearings as the firm's wall time with a VTIMEZONE for any zone, and all-day items as the firm's date on any server clock", async () => {
      const allDay = (
        await api.addKeyDate("lawyer", caseId, {
          deadlineType: "appeal",
          source: "manual",
          dueDate: plusDays(7),
        })
      ).json().data;
      const path = (await api.post("assistant", "/api/calendar-feed", {})).json().data
        .path as string;
      const uid = (id: string) => `key-date-${id}@law-manage`;
      // A server east of UTC once wrote the day before: the date is the firm's, not the process's.
      for (const tz of ["Asia/Shanghai", "Pacific/Auckland", "America/Los_Angeles"]) {
        const day = parseFeed((await fetchIn(tz, path)).body).find((e) => e.uid === uid(allDay.id));
        expect(day, tz).toMatchObject({ isDate: true, start: plusDays(7) });
      }

      // A firm in New York: 09:30 there in winter (UTC-5) and in summer (UTC-4).
      await setZone("America/New_York");
      try {
        const hearing = async (dueDate: string, startsAt: string) => {
          const res = await api.addKeyDate("lawyer", caseId, {
            deadlineType: "hearing",
            source: "court-notice",
            dueDate,
            startsAt,
          });
          expect(res.statusCode, res.body).toBe(200);
          return res.json().data.id as string;
        };
        const winter = await hearing("2027-01-15", "2027-01-15T14:30:00.000Z");
        const summer = await hearing("2027-07-15", "2027-07-15T13:30:00.000Z");
        const res = await fetchIn("Asia/Shanghai", path);
        expect(res.body).toContain("TZID:America/New_York");
        expect(res.body).toContain("BEGIN:DAYLIGHT");
        const events = parseFeed(res.body);
        expect(events.find((e) => e.uid === uid(winter))).toMatchObject({
          start: "2027-01-15T09:30:00",
          zone: "America/New_York",
          instant: "2027-01-15T14:30:00.000Z",
        });
        expect(events.find((e) => e.uid === uid(summer))).toMatchObject({
          start: "2027-07-15T09:30:00",
          zone: "America/New_York",
          instant: "2027-07-15T13:30:00.000Z",
        });
        expect(events.find((e) => e.uid === uid(allDay.id))).toMatchObject({
          isDate: true,
          start: plusDays(7),
        });

        // A firm on UTC gets plain UTC times and no zone block.
        await setZone("UTC");
        const utcFeed = (await fetchIn("Asia/Shanghai", path)).body;
        expect(utcFeed).not.toContain("BEGIN:VTIMEZONE");
        expect(utcFeed).toContain("DTSTART:20270715T133000Z");
        expect(parseFeed(utcFeed).find((e) => e.uid === uid(allDay.id))).toMatchObject({
          isDate: true,
          start: plusDays(7),
        });
      } finally {
        await setZone("Asia/Shanghai");
      }
    });
  });

  describe("POST /api/cases/:id/apply-template", () => {
    it("creates the template's tasks and key dates with dates relative to the trigger", async () => {
      const templates = await api.get("lawyer", `/api/cases/${caseId}/task-templates`);
      expect(templates.statusCode, templates.body).toBe(200);
      const tpl = templates
        .json()
        .data.find((x: { name: string }) => x.name === "民事一审标准流程");
      const tasksBefore = await api.taskCount(caseId);
      const kdBefore = await api.keyDateCount(caseId);
      const res = await api.post("lawyer", `/api/cases/${caseId}/apply-template`, {
        templateId: tpl.id,
        triggerDate: "2026-12-01",
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ tasks: 4, keyDates: 1 });
      expect(await api.taskCount(caseId)).toBe(tasksBefore + 4);
      expect(await api.keyDateCount(caseId)).toBe(kdBefore + 1);
      const list = (await api.get("lawyer", `/api/tasks?caseId=${caseId}&_end=50`)).json().data as {
        title: string;
        dueDate: string;
      }[];
      expect(list.find((x) => x.title === "缴纳诉讼费")?.dueDate).toBe("2026-12-11");
      const kd = (await api.get("lawyer", `/api/cases/${caseId}/key-dates`)).json().data as {
        title: string;
        dueDate: string;
        confirmedAt: null;
      }[];
      expect(kd.find((k) => k.title === "举证期限届满")).toMatchObject({
        dueDate: "2026-12-31",
        confirmedAt: null,
      });
      // The case's timeline tells of the template and of each task it added.
      const history = (await api.get("lawyer", `/api/cases/${caseId}/history`)).json().data as {
        entity: string;
        action: string;
        title?: string;
      }[];
      expect(
        history.filter((h) => h.entity === "tasks" && h.action === "create").map((h) => h.title),
      ).toContain("缴纳诉讼费");
    });

    it("says which templates of the case's current stage were applied, so a new stage is offered its own", async () => {
      const kase = (await api.get("lawyer", `/api/cases/${caseId}`)).json().data;
      const made = await api.post("admin", "/api/task-templates", {
        name: "二审阶段模板",
        caseType: kase.caseType,
        stage: "second-instance",
        items: [{ kind: "task", title: "提交上诉状", offsetDays: 3 }],
      });
      expect(made.statusCode, made.body).toBe(200);
      // The first-instance template was applied above.
      const before = (await api.get("lawyer", `/api/cases/${caseId}/task-templates`)).json()
        .data as { name: string; isApplied: boolean }[];
      expect(before.find((x) => x.name === "民事一审标准流程")?.isApplied).toBe(true);
      const moved = await api.patch("lawyer", `/api/cases/${caseId}`, {
        stage: "second-instance",
        version: kase.version,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const after = (await api.get("lawyer", `/api/cases/${caseId}/task-templates`)).json()
        .data as { name: string; isApplied: boolean }[];
      // Only the new stage's templates, none applied yet: the case is offered them.
      expect(after.map((x) => x.name)).toContain("二审阶段模板");
      expect(after.map((x) => x.name)).not.toContain("民事一审标准流程");
      expect(after.every((x) => !x.isApplied)).toBe(true);
      const tpl = (after as unknown as { id: string; name: string }[]).find(
        (x) => x.name === "二审阶段模板",
      )!;
      expect(
        (
          await api.post("lawyer", `/api/cases/${caseId}/apply-template`, {
            templateId: tpl.id,
            triggerDate: "2026-12-01",
          })
        ).statusCode,
      ).toBe(200);
      const applied = (await api.get("lawyer", `/api/cases/${caseId}/task-templates`)).json()
        .data as { id: string; isApplied: boolean }[];
      expect(applied.find((x) => x.id === tpl.id)?.isApplied).toBe(true);
      await api.patch("lawyer", `/api/cases/${caseId}`, {
        stage: kase.stage,
        version: moved.json().data.version,
      });
    });

    it("refuses a bad trigger, an unknown template and a template naming an unknown deadline type; nothing written", async () => {
      const tasksBefore = await api.taskCount(caseId);
      const bad = await api.post("admin", "/api/task-templates", {
        name: "坏模板",
        caseType: "civil-litigation",
        stage: "first-instance",
        items: [{ kind: "deadline", title: "x", deadlineType: "no-such-type", offsetDays: 3 }],
      });
      expect(bad.statusCode, bad.body).toBe(422);
      expect((await api.get("admin", "/api/task-templates?name_like=坏模板")).json().data).toEqual(
        [],
      );
      const tpl = (await api.get("lawyer", `/api/cases/${caseId}/task-templates`)).json().data[0];
      expect(
        (
          await api.post("lawyer", `/api/cases/${caseId}/apply-template`, {
            templateId: tpl.id,
            triggerDate: "1.12.2026",
          })
        ).statusCode,
      ).toBe(422);
      expect(
        (
          await api.post("lawyer", `/api/cases/${caseId}/apply-template`, {
            templateId: "00000000-0000-4000-8000-000000000000",
            triggerDate: "2026-12-01",
          })
        ).statusCode,
      ).toBe(422);
      expect(
        (
          await api.post("assistant", `/api/cases/${caseId}/apply-template`, {
            templateId: tpl.id,
            triggerDate: "2026-12-01",
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await api.post("lawyer2", `/api/cases/${caseId}/apply-template`, {
            templateId: tpl.id,
            triggerDate: "2026-12-01",
          })
        ).statusCode,
      ).toBe(404);
      expect(await api.taskCount(caseId)).toBe(tasksBefore);
    });
  });

  describe("/api/tasks", () => {
    it("creates, ticks a checklist, comments and finishes a task; others' tasks are invisible", async () => {
      const created = await api.post("lawyer", "/api/tasks", {
        title: "起草代理词",
        caseId,
        dueDate: plusDays(2),
        priority: "high",
        checklist: [{ text: "初稿", done: false }],
      });
      expect(created.statusCode, created.body).toBe(200);
      const task = created.json().data;
      const ticked = await api.patch("lawyer", `/api/tasks/${task.id}`, {
        checklist: [{ text: "初稿", done: true }],
        status: "doing",
        version: task.version,
      });
      expect(ticked.statusCode, ticked.body).toBe(200);
      expect(
        (
          await api.patch("lawyer", `/api/tasks/${task.id}`, {
            status: "done",
            version: task.version,
          })
        ).statusCode,
      ).toBe(409);
      expect(
        (await api.post("partner", `/api/tasks/${task.id}/comments`, { text: "请周五前完成" }))
          .statusCode,
      ).toBe(200);
      const mine = (await api.get("lawyer", "/api/tasks?mine=true&open=true&_end=100")).json()
        .data as { id: string }[];
      expect(mine.map((x) => x.id)).toContain(task.id);
      expect((await api.get("lawyer2", `/api/tasks/${task.id}`)).statusCode).toBe(404);
      expect(
        (await api.patch("lawyer2", `/api/tasks/${task.id}`, { status: "done", version: 2 }))
          .statusCode,
      ).toBe(404);
      expect((await api.get("intern", `/api/tasks/${task.id}`)).statusCode).toBe(404);
      // A task on a case needs the right to change that case.
      expect((await api.post("assistant", "/api/tasks", { title: "x", caseId })).statusCode).toBe(
        404,
      );
      expect(
        (await api.post("lawyer", "/api/tasks", { title: "x", dueDate: "2026-02-30" })).statusCode,
      ).toBe(422);
      const personal = await api.post("intern", "/api/tasks", { title: "读书笔记" });
      expect(personal.statusCode, personal.body).toBe(200);
      expect((await api.get("lawyer", `/api/tasks/${personal.json().data.id}`)).statusCode).toBe(
        404,
      );
    });
  });

  describe("GET /api/deadline-types", () => {
    it("takes a type's behaviour from its dictionary item: a firm's own 'hearing' kind is listed as a hearing at home", async () => {
      const types = (await api.get("lawyer", "/api/deadline-types")).json().data as {
        code: string;
        kind: string;
      }[];
      expect(types.find((x) => x.code === "hearing")?.kind).toBe("hearing");
      expect(types.find((x) => x.code === "preservation")?.kind).toBe("preservation");
      expect(types.find((x) => x.code === "appeal")?.kind).toBe("deadline");
      // The firm adds 听证 (an arbitration hearing) as a hearing kind.
      const db = t.database.db;
      const { a } = await firmIds(t);
      const [hearing] = await db
        .select()
        .from(dictionaryItems)
        .where(and(eq(dictionaryItems.workspaceId, a), eq(dictionaryItems.code, "hearing")));
      await db.insert(dictionaryItems).values({
        workspaceId: hearing.workspaceId,
        typeId: hearing.typeId,
        code: "arbitral-hearing",
        labelZh: "仲裁听证",
        labelEn: "Arbitral hearing",
        attributes: { kind: "hearing", reminderOffsets: [10, 2] },
      });
      const after = (await api.get("lawyer", "/api/deadline-types")).json().data as {
        code: string;
        kind: string;
        reminderOffsets: number[];
      }[];
      expect(after.find((x) => x.code === "arbitral-hearing")).toMatchObject({
        kind: "hearing",
        reminderOffsets: [10, 2],
      });
      const added = await api.addKeyDate("lawyer", caseId, {
        deadlineType: "arbitral-hearing",
        source: "court-notice",
        dueDate: plusDays(3),
        startsAt: `${plusDays(3)}T02:00:00.000Z`,
        court: "北京仲裁委员会",
      });
      expect(added.statusCode, added.body).toBe(200);
      const agenda = (await api.get("lawyer", "/api/my-agenda")).json().data as {
        hearings: { id: string }[];
        deadlines: { id: string }[];
      };
      expect(agenda.hearings.map((h) => h.id)).toContain(added.json().data.id);
      expect(agenda.deadlines.map((h) => h.id)).not.toContain(added.json().data.id);
    });
  });

  describe("/api/calendar and /api/calendar-events", () => {
    it("creates and moves a meeting; only its owner may move it; the calendar shows it with the deadlines", async () => {
      const start = `${plusDays(1)}T02:00:00.000Z`;
      const created = await api.post("lawyer", "/api/calendar-events", {
        title: "客户会议",
        caseId,
        startsAt: start,
        endsAt: `${plusDays(1)}T03:00:00.000Z`,
      });
      expect(created.statusCode, created.body).toBe(200);
      const ev = created.json().data;
      const moved = await api.patch("lawyer", `/api/calendar-events/${ev.id}`, {
        startsAt: `${plusDays(2)}T02:00:00.000Z`,
        endsAt: `${plusDays(2)}T03:00:00.000Z`,
        version: ev.version,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(
        (
          await api.patch("partner", `/api/calendar-events/${ev.id}`, {
            startsAt: start,
            version: 2,
          })
        ).statusCode,
      ).toBe(409);
      expect(
        (
          await api.patch("lawyer2", `/api/calendar-events/${ev.id}`, {
            startsAt: start,
            version: 2,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await api.patch("lawyer", `/api/calendar-events/${ev.id}`, {
            endsAt: `${plusDays(1)}T00:00:00.000Z`,
            version: 2,
          })
        ).statusCode,
      ).toBe(422);
      const cal = await api.get(
        "lawyer",
        `/api/calendar?from=${plusDays(-3)}&to=${plusDays(30)}&scope=me`,
      );
      expect(cal.statusCode, cal.body).toBe(200);
      const items = cal.json().data as {
        id: string;
        kind: string;
        start: string;
        isEditable: boolean;
      }[];
      expect(items.find((i) => i.id === ev.id)).toMatchObject({
        kind: "event",
        start: `${plusDays(2)}T02:00:00.000Z`,
        isEditable: true,
      });
      expect(items.some((i) => i.kind === "key-date")).toBe(true);
      expect(items.some((i) => i.kind === "task")).toBe(true);
      const onlyHearings = (
        await api.get(
          "lawyer",
          `/api/calendar?from=${plusDays(-3)}&to=${plusDays(30)}&scope=me&types=hearing`,
        )
      ).json().data as { type: string }[];
      expect(new Set(onlyHearings.map((i) => i.type))).toEqual(new Set(["hearing"]));
      expect(
        (await api.get("lawyer", `/api/calendar?from=2026/01/01&to=${plusDays(30)}`)).statusCode,
      ).toBe(400);
      expect(
        (
          await api.get(
            "lawyer",
            `/api/calendar?from=${plusDays(-3)}&to=${plusDays(30)}&scope=member`,
          )
        ).statusCode,
      ).toBe(422);
    });
  });

  describe("GET /api/my-agenda", () => {
    it("shows the seeded overdue deadline, the unconfirmed ones, tasks due and pending approvals", async () => {
      const res = await api.get("lawyer", "/api/my-agenda");
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data.deadlines.some((d: { isOverdue: boolean }) => d.isOverdue)).toBe(true);
      expect(data.unconfirmed.length).toBeGreaterThanOrEqual(2);
      expect(data.tasks.length).toBeGreaterThan(0);
      expect(data.hearings.length).toBeGreaterThan(0);
      expect(typeof data.pendingApprovals).toBe("number");
      // The partner supervises the seeded cases: the unconfirmed deadlines are on their home too.
      expect(
        (await api.get("partner", "/api/my-agenda")).json().data.unconfirmed.length,
      ).toBeGreaterThanOrEqual(2);
      expect(
        (await api.get("lawyer2", "/api/my-agenda"))
          .json()
          .data.unconfirmed.every((d: { caseId: string }) => d.caseId !== caseId),
      ).toBe(true);
    });
  });

  describe("'only own' case rules", () => {
    it("limit key dates, calendar and confirmations to the member's own cases", async () => {
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
      const mine = await api.open("lawyer", {
        name: "实习生参与的案件",
        assistantIds: [await api.userId("intern")],
      });
      const kd = (
        await api.addKeyDate("lawyer", otherCaseId, {
          deadlineType: "appeal",
          source: "manual",
          dueDate: plusDays(8),
        })
      ).json().data;
      expect((await api.get("intern", `/api/cases/${mine.id}/key-dates`)).statusCode).toBe(200);
      expect((await api.get("intern", `/api/cases/${otherCaseId}/key-dates`)).statusCode).toBe(404);
      expect(
        (await api.post("intern", `/api/key-dates/${kd.id}/confirm`, { version: kd.version }))
          .statusCode,
      ).toBe(404);
      const cal = (
        await api.get("intern", `/api/calendar?from=${plusDays(-30)}&to=${plusDays(60)}&scope=firm`)
      ).json().data as { caseId: string | null; kind: string }[];
      expect(cal.filter((i) => i.kind === "key-date").every((i) => i.caseId === mine.id)).toBe(
        true,
      );
    });
  });
});
