import dayjs from "dayjs";
import { beforeAll, describe, expect, it } from "vitest";

import type { TestApp } from "../fixtures/app";
import { deadlinesApi, deadlinesSuite } from "../fixtures/deadlines";

type Item = { id: string; kind: string; type: string; start: string; caseId: string | null };
type Month = { items: Item[]; more: { day: string; count: number }[] };

/** The firm day an item falls on (an event begun before the range: the range's first day). */
const dayOf = (i: Item, from = "") => {
  const day =
    i.start.length === 10
      ? i.start
      : new Date(i.start).toLocaleDateString("en-CA", { timeZone: "Asia/Shanghai" });
  return day < from ? from : day;
};

describe("GET /api/calendar/month", () => {
  const suite = deadlinesSuite("日历月视图测试案件");
  let t: TestApp;
  let api: ReturnType<typeof deadlinesApi>;
  let caseId: string;
  // Far from the demo data, so these days hold only what this suite puts there.
  const D = dayjs().add(3, "year").startOf("month").add(9, "day").format("YYYY-MM-DD");
  const at = (n: number) => dayjs(D).add(n, "day").format("YYYY-MM-DD");
  const month = async (who: string, query: string) => {
    const res = await api.get(who, `/api/calendar/month?from=${D}&to=${at(6)}&perDay=4&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Month;
  };
  const dayList = async (who: string, day: string, query: string) => {
    const res = await api.get(who, `/api/calendar?from=${day}&to=${day}&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Item[];
  };

  beforeAll(async () => {
    ({ t, api, caseId } = suite);
    const otherCaseId = (await api.open("lawyer", { name: "月视图的另一案件" })).id;
    // D: six deadlines and two tasks on the team's case, one deadline on another case, and a
    // meeting that began two days before and runs into D.
    for (let i = 0; i < 6; i += 1) {
      const res = await api.addKeyDate("lawyer", caseId, {
        deadlineType: i % 2 ? "appeal" : "evidence",
        source: "manual",
        dueDate: D,
        title: `月视图期限${i}`,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (let i = 0; i < 2; i += 1)
      expect(
        (await api.post("lawyer", "/api/tasks", { title: `月视图任务${i}`, caseId, dueDate: D }))
          .statusCode,
      ).toBe(200);
    expect(
      (
        await api.addKeyDate("lawyer", otherCaseId, {
          deadlineType: "appeal",
          source: "manual",
          dueDate: D,
          title: "另一案件的期限",
        })
      ).statusCode,
    ).toBe(200);
    const meeting = await api.post("lawyer", "/api/calendar-events", {
      title: "跨天的庭前会议",
      startsAt: `${at(-2)}T10:00:00+08:00`,
      endsAt: `${D}T12:00:00+08:00`,
      caseId,
    });
    expect(meeting.statusCode, meeting.body).toBe(200);
    // D+1: two deadlines, which fit.
    for (let i = 0; i < 2; i += 1)
      await api.addKeyDate("lawyer", caseId, {
        deadlineType: "defence",
        source: "manual",
        dueDate: at(1),
      });
  });

  it("caps the firm's busy day to what the grid shows and counts the rest; the day's list holds them all", async () => {
    const firm = await month("admin", "scope=firm");
    const onD = firm.items.filter((i) => dayOf(i, D) === D);
    // Four rows: three items and "+N more".
    expect(onD).toHaveLength(3);
    const all = await dayList("admin", D, "scope=firm");
    expect(all).toHaveLength(6 + 2 + 1 + 1);
    expect(firm.more).toContainEqual({ day: D, count: all.length - 3 });
    expect(all.map((i) => i.id)).toEqual(expect.arrayContaining(onD.map((i) => i.id)));
    // The meeting that began before the range counts on its first day in view.
    expect(all.some((i) => i.kind === "event")).toBe(true);
    // A day that fits comes whole, with no "+more".
    expect(firm.items.filter((i) => dayOf(i) === at(1))).toHaveLength(2);
    expect(firm.more.map((m) => m.day)).not.toContain(at(1));
  });

  it("filters by type in the count as in the items", async () => {
    const appeals = await month("admin", "scope=firm&types=appeal");
    expect(appeals.items.every((i) => i.type === "appeal")).toBe(true);
    expect(
      appeals.items.filter((i) => dayOf(i, D) === D).length +
        (appeals.more.find((m) => m.day === D)?.count ?? 0),
    ).toBe(4);
    const tasksOnly = await month("admin", "scope=firm&types=task");
    expect(tasksOnly.items.filter((i) => dayOf(i) === D).map((i) => i.kind)).toEqual([
      "task",
      "task",
    ]);
    expect(tasksOnly.more).toEqual([]);
  });

  it("counts only what the caller may read: shown plus hidden equals the day's list, for every member", async () => {
    for (const who of ["admin", "lawyer", "partner", "assistant"]) {
      const firm = await month(who, "scope=firm");
      const all = await dayList(who, D, "scope=firm");
      const shown = firm.items.filter((i) => dayOf(i, D) === D).length;
      expect(shown + (firm.more.find((m) => m.day === D)?.count ?? 0), who).toBe(all.length);
    }
    // Another firm's whole month holds nothing of this one.
    const other = await month("lawyer2", "scope=firm");
    expect(other.items.filter((i) => dayOf(i, D) === D)).toEqual([]);
    expect(other.more).toEqual([]);
  });

  it("keeps one member's month complete", async () => {
    const mine = await month("lawyer", "scope=me");
    expect(mine.more).toEqual([]);
    // The lawyer leads both cases: all seven deadlines and both tasks, and the meeting on its own day.
    expect(mine.items.filter((i) => dayOf(i) === D)).toHaveLength(7 + 2);
    expect(mine.items.filter((i) => i.kind === "event" && dayOf(i) === at(-2))).toHaveLength(1);
  });

  it("refuses a range longer than a month view, translated, and hostile queries with a 4xx", async () => {
    const long = await api.get(
      "admin",
      `/api/calendar/month?from=${D}&to=${at(60)}&perDay=4&scope=firm`,
      "zh-CN",
    );
    expect(long.statusCode).toBe(422);
    expect(long.json().data.fields[0].message).toBe("月视图最多 42 天");
    const backwards = await api.get(
      "admin",
      `/api/calendar/month?from=${at(3)}&to=${D}&perDay=4&scope=firm`,
    );
    expect(backwards.statusCode).toBe(422);
    // A day the calendar has not: a 400 naming the parameter on both routes, as any bad query value, not a 500.
    for (const [url, field] of [
      ["/api/calendar/month?from=2031-02-30&to=2031-03-02&perDay=4&scope=firm", "from"],
      ["/api/calendar?from=2031-02-01&to=2031-02-30&scope=firm", "to"],
    ]) {
      const res = await api.get("admin", url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().data.fields.map((f: { field: string }) => f.field)).toEqual([field]);
    }
    const deep = `types${"[a]".repeat(500)}=1`;
    for (const query of [
      `from=${D}&to=${at(6)}&scope=firm`,
      `from=${D}%00&to=${at(6)}&perDay=4`,
      `from=${D}&to=${at(6)}&perDay=4&__proto__[isAdmin]=1`,
      `from=${D}&to=${at(6)}&perDay=4&${deep}`,
      `from=${D}&to=${at(6)}&perDay=1`,
    ]) {
      const res = await api.get("admin", `/api/calendar/month?${query}`);
      expect(res.statusCode, query).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, query).toBeLessThan(500);
    }
    expect(
      (await t.app.inject({ url: `/api/calendar/month?from=${D}&to=${at(6)}&perDay=4` }))
        .statusCode,
    ).toBe(401);
  });
});

describe("POST /api/calendar-events", () => {
  const suite = deadlinesSuite("日程时长测试案件");
  it("refuses an event longer than 31 days, translated, and writes nothing", async () => {
    const api = deadlinesApi(suite.t);
    const before = (
      await api.get("lawyer", "/api/calendar?from=2031-01-01&to=2031-01-31&scope=me")
    ).json().data.length;
    const res = await api.post(
      "lawyer",
      "/api/calendar-events",
      {
        title: "很长的会",
        startsAt: "2031-01-01T09:00:00+08:00",
        endsAt: "2031-02-02T09:00:00+08:00",
      },
      "zh-CN",
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().data.fields[0].message).toBe("一个日程最长 31 天");
    expect(
      (await api.get("lawyer", "/api/calendar?from=2031-01-01&to=2031-01-31&scope=me")).json().data
        .length,
    ).toBe(before);
  });
});
