import dayjs from "dayjs";
import ICAL from "ical.js";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { OWN_CONDITIONS } from "../../src/shared/permission-scopes";
import type { PermissionRule } from "../../src/shared/permissions";
import {
  calendarEvents,
  keyDates,
  memberDepartments,
  members,
  tasks,
} from "../../src/server/db/tables";
import type { TestApp } from "../fixtures/app";
import { casesSuite } from "../fixtures/cases";
import { deadlinesApi, plusDays } from "../fixtures/deadlines";
import { firmIds, orgApi, roleByCode } from "../fixtures/org";

/** The UIDs of an iCalendar text, read by ical.js (not the generator). */
const uidsOf = (text: string) =>
  new Set(
    new ICAL.Component(ICAL.parse(text))
      .getAllSubcomponents("vevent")
      .map((v) => new ICAL.Event(v).uid),
  );

/**
 * Row scopes of the deadline, calendar and task routes for a member who may read and change
 * only their own cases (the intern, given "only own" rules here): the feed holds exactly what
 * they may see, and the routes refuse the rows of cases they are not on.
 */
describe("deadline, calendar and task row scopes under 'only own'", () => {
  const suite = casesSuite({ casesExpiryIntervalSeconds: 0, deadlineReminderIntervalSeconds: 0 });
  let t: TestApp;
  let api: ReturnType<typeof deadlinesApi>;
  let onTeam: string;
  let offTeam: string;
  beforeAll(async () => {
    t = suite.t;
    api = deadlinesApi(t);
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
    onTeam = (
      await api.open("lawyer", {
        name: "实习生在团队的案件",
        assistantIds: [await api.userId("intern")],
      })
    ).id;
    offTeam = (await api.open("lawyer", { name: "实习生不在团队的案件" })).id;
  });

  const post = async (who: string, url: string, body: unknown) => {
    const res = await api.post(who, url, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string; version: number };
  };
  const meeting = (day: string, caseId?: string) => ({
    title: "会议",
    caseId,
    startsAt: `${day}T02:00:00.000Z`,
    endsAt: `${day}T03:00:00.000Z`,
  });

  it("the feed holds exactly the owner's key dates, tasks and events, and drops a case's items when they leave its team", async () => {
    const feedPath = (
      (await post("intern", "/api/calendar-feed", {})) as unknown as { path: string }
    ).path;
    const feed = async () => {
      const res = await t.app.inject({ url: feedPath });
      expect(res.statusCode, res.body).toBe(200);
      return uidsOf(res.body);
    };
    // Nothing seeded is the intern's.
    expect(await feed()).toEqual(new Set());
    const hearing = await post("lawyer", `/api/cases/${onTeam}/key-dates`, {
      deadlineType: "hearing",
      source: "court-notice",
      dueDate: plusDays(5),
      startsAt: `${plusDays(5)}T01:30:00.000Z`,
    });
    const appeal = await post("lawyer", `/api/cases/${onTeam}/key-dates`, {
      deadlineType: "appeal",
      source: "manual",
      dueDate: plusDays(6),
    });
    const voided = await post("lawyer", `/api/cases/${onTeam}/key-dates`, {
      deadlineType: "appeal",
      source: "manual",
      dueDate: plusDays(7),
    });
    await post("lawyer", `/api/key-dates/${voided.id}/status`, {
      status: "void",
      reason: "撤诉",
      version: voided.version,
    });
    await post("lawyer", `/api/cases/${offTeam}/key-dates`, {
      deadlineType: "appeal",
      source: "manual",
      dueDate: plusDays(6),
    });
    const own = await post("intern", "/api/tasks", { title: "整理卷宗", dueDate: plusDays(2) });
    const assigned = await post("lawyer", "/api/tasks", {
      title: "复印证据",
      caseId: onTeam,
      assigneeId: await api.userId("intern"),
      dueDate: plusDays(3),
    });
    await post("lawyer", "/api/tasks", {
      title: "律师自己的任务",
      caseId: onTeam,
      dueDate: plusDays(3),
    });
    const mine = await post("intern", "/api/calendar-events", meeting(plusDays(1)));
    await post("lawyer", "/api/calendar-events", meeting(plusDays(1), onTeam));
    expect(await feed()).toEqual(
      new Set([
        `key-date-${hearing.id}@law-manage`,
        `key-date-${appeal.id}@law-manage`,
        `task-${own.id}@law-manage`,
        `task-${assigned.id}@law-manage`,
        `event-${mine.id}@law-manage`,
      ]),
    );
    // Off the team: the case's key dates go; the task assigned to them and their own rows stay.
    const kase = (await api.get("lawyer", `/api/cases/${onTeam}`)).json().data;
    const edited = await api.patch("lawyer", `/api/cases/${onTeam}`, {
      assistantIds: [],
      version: kase.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await feed()).toEqual(
      new Set([
        `task-${own.id}@law-manage`,
        `task-${assigned.id}@law-manage`,
        `event-${mine.id}@law-manage`,
      ]),
    );
    const back = await api.patch("lawyer", `/api/cases/${onTeam}`, {
      assistantIds: [await api.userId("intern")],
      version: edited.json().data.version,
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it("DELETE /api/calendar-events/:id: another case's event is not found, a readable one not theirs is refused; nothing deleted", async () => {
    const hidden = await post("lawyer", "/api/calendar-events", meeting(plusDays(2), offTeam));
    const shared = await post("lawyer", "/api/calendar-events", meeting(plusDays(2), onTeam));
    expect((await api.del("intern", `/api/calendar-events/${hidden.id}`)).statusCode).toBe(404);
    const notTheirs = await api.del("intern", `/api/calendar-events/${shared.id}`);
    expect(notTheirs.statusCode).toBe(409);
    expect(notTheirs.json().msg).toBeTruthy();
    expect((await api.del("lawyer2", `/api/calendar-events/${shared.id}`)).statusCode).toBe(404);
    const left = await t.database.db
      .select({ id: calendarEvents.id })
      .from(calendarEvents)
      .where(eq(calendarEvents.caseId, offTeam));
    expect(left.map((r) => r.id)).toContain(hidden.id);
    expect(
      (await t.database.db.select().from(calendarEvents).where(eq(calendarEvents.id, shared.id)))
        .length,
    ).toBe(1);
  });

  it("POST /api/calendar-events naming a case they cannot read is not found and writes nothing", async () => {
    const count = async () =>
      (
        await t.database.db
          .select({ id: calendarEvents.id })
          .from(calendarEvents)
          .where(eq(calendarEvents.caseId, offTeam))
      ).length;
    const before = await count();
    const res = await api.post("intern", "/api/calendar-events", meeting(plusDays(3), offTeam));
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBeTruthy();
    expect(await count()).toBe(before);
  });

  it("PATCH /api/tasks/:id and POST /api/tasks/:id/comments on another case's task are not found; the task is unchanged", async () => {
    const task = await post("lawyer", "/api/tasks", {
      title: "不在团队的任务",
      caseId: offTeam,
      dueDate: plusDays(4),
    });
    expect(
      (
        await api.patch("intern", `/api/tasks/${task.id}`, {
          status: "done",
          version: task.version,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await api.post("intern", `/api/tasks/${task.id}/comments`, { text: "越权评论" })).statusCode,
    ).toBe(404);
    const [row] = await t.database.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row).toMatchObject({ status: "todo", comments: [], version: task.version });
  });

  it("POST /api/key-dates/:id/status on another case's key date is not found; the key date is unchanged", async () => {
    const kd = await post("lawyer", `/api/cases/${offTeam}/key-dates`, {
      deadlineType: "appeal",
      source: "manual",
      dueDate: plusDays(9),
    });
    expect(
      (
        await api.post("intern", `/api/key-dates/${kd.id}/status`, {
          status: "done",
          version: kd.version,
        })
      ).statusCode,
    ).toBe(404);
    const [row] = await t.database.db.select().from(keyDates).where(eq(keyDates.id, kd.id));
    expect(row).toMatchObject({ status: "open", version: kd.version });
  });
});

describe("GET /api/calendar/month?scope=department", () => {
  const suite = casesSuite({ casesExpiryIntervalSeconds: 0, deadlineReminderIntervalSeconds: 0 });
  let t: TestApp;
  let api: ReturnType<typeof deadlinesApi>;
  // Far from the demo data, so the day holds only what this test puts there.
  const D = dayjs().add(4, "year").startOf("month").add(12, "day").format("YYYY-MM-DD");
  beforeAll(() => {
    t = suite.t;
    api = deadlinesApi(t);
  });

  it("shows the items of the department's members only, and needs the department", async () => {
    const { a } = await firmIds(t);
    const lawyerId = await api.userId("lawyer");
    const [dept] = await t.database.db
      .select()
      .from(memberDepartments)
      .where(and(eq(memberDepartments.workspaceId, a), eq(memberDepartments.userId, lawyerId)));
    expect(dept).toBeTruthy();
    const inDept = new Set(
      (
        await t.database.db
          .select()
          .from(memberDepartments)
          .where(eq(memberDepartments.departmentId, dept.departmentId))
      ).map((m) => m.userId),
    );
    const firm = await t.database.db
      .select({ userId: members.userId })
      .from(members)
      .where(and(eq(members.workspaceId, a), eq(members.isEnabled, true)));
    const outsiderId = firm.map((m) => m.userId).find((u) => !inDept.has(u));
    expect(outsiderId).toBeTruthy();
    const caseId = (await api.teamCase("部门月视图案件")).id;
    const inside = [
      await post(api, "lawyer", `/api/cases/${caseId}/key-dates`, {
        deadlineType: "appeal",
        source: "manual",
        dueDate: D,
      }),
      await post(api, "lawyer", "/api/tasks", { title: "部门内任务", caseId, dueDate: D }),
      await post(api, "lawyer", "/api/calendar-events", {
        title: "部门内会议",
        caseId,
        startsAt: `${D}T02:00:00.000Z`,
        endsAt: `${D}T03:00:00.000Z`,
      }),
    ].map((r) => r.id);
    const outside = [
      await post(api, "lawyer", `/api/cases/${caseId}/key-dates`, {
        deadlineType: "defence",
        source: "manual",
        dueDate: D,
        responsibleId: outsiderId,
      }),
      await post(api, "lawyer", "/api/tasks", {
        title: "部门外任务",
        caseId,
        dueDate: D,
        assigneeId: outsiderId,
      }),
    ].map((r) => r.id);
    const month = async (query: string) =>
      api.get("admin", `/api/calendar/month?from=${D}&to=${D}&perDay=20&${query}`);
    const dept1 = await month(`scope=department&departmentId=${dept.departmentId}`);
    expect(dept1.statusCode, dept1.body).toBe(200);
    const ids = new Set((dept1.json().data.items as { id: string }[]).map((i) => i.id));
    expect(ids).toEqual(new Set(inside));
    const whole = new Set(
      ((await month("scope=firm")).json().data.items as { id: string }[]).map((i) => i.id),
    );
    for (const id of [...inside, ...outside]) expect(whole).toContain(id);
    const missing = await month("scope=department");
    expect(missing.statusCode).toBe(422);
    expect(missing.json().msg).toBeTruthy();
  });
});

const post = async (
  api: ReturnType<typeof deadlinesApi>,
  who: string,
  url: string,
  body: unknown,
) => {
  const res = await api.post(who, url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string };
};
