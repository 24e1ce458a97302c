import dayjs from "dayjs";
import ICAL from "ical.js";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { holidayDays, keyDates, notifications, users } from "../../src/server/db/tables";
import { runDeadlineReminders } from "../../src/server/features/deadlines/reminders";
import type { TestApp } from "../fixtures/app";
import { deadlinesApi, deadlinesSuite, plusDays } from "../fixtures/deadlines";

type Rule = { code: string; name: string; triggerLabel: string };
type KeyDate = { id: string; title: string; version: number };

describe("deadline rules, holidays and key dates in both languages", () => {
  const suite = deadlinesSuite("双语期限测试案件");
  let t: TestApp;
  let api: ReturnType<typeof deadlinesApi>;
  let caseId: string;
  beforeAll(() => ({ t, api, caseId } = suite));

  const rules = async (lang: "en" | "zh-CN") => {
    const res = await api.get("lawyer", "/api/key-date-rules", lang);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Rule[];
  };
  const titleIn = async (id: string, lang: "en" | "zh-CN") => {
    const res = await api.get("assistant", `/api/cases/${caseId}/key-dates`, lang);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as KeyDate[]).find((k) => k.id === id)?.title;
  };

  it("answers a shipped rule's name and trigger in the reader's language", async () => {
    expect((await rules("en")).find((r) => r.code === "appeal-judgment")).toMatchObject({
      name: "Appeal period against a judgment",
      triggerLabel: "Judgment served",
    });
    expect((await rules("zh-CN")).find((r) => r.code === "appeal-judgment")).toMatchObject({
      name: "对判决的上诉期",
      triggerLabel: "判决书送达",
    });
    const preview = await api.post(
      "lawyer",
      "/api/key-dates/preview",
      { ruleCode: "defence", triggerDate: "2026-12-03" },
      "en",
    );
    expect(preview.json().data.rule).toMatchObject({
      name: "Defence period",
      triggerLabel: "Copy of the complaint received",
    });
  });

  it("a rule kept only in Chinese shows its Chinese name to English readers", async () => {
    const res = await api.post("admin", "/api/deadline-rules", {
      code: "zh-only-rule",
      name: "仅中文规则",
      deadlineType: "appeal",
      amount: 5,
      unit: "day",
      triggerLabel: "仅中文起算",
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect((await rules("en")).find((r) => r.code === "zh-only-rule")).toMatchObject({
      name: "仅中文规则",
      triggerLabel: "仅中文起算",
    });
  });

  it("ships the holiday calendar's names in English beside the Chinese", async () => {
    const [day] = await t.database.db
      .select({ name: holidayDays.name, nameEn: holidayDays.nameEn })
      .from(holidayDays)
      .where(eq(holidayDays.day, "2026-02-17"))
      .limit(1);
    // Every firm is seeded the same calendar.
    expect(day).toEqual({ name: "春节", nameEn: "Spring Festival" });
  });

  it("a computed key date shows its rule's name in each reader's language, wherever it is listed", async () => {
    const due = plusDays(400);
    const trigger = dayjs(due).subtract(15, "day").format("YYYY-MM-DD");
    const created = await api.addKeyDate("lawyer", caseId, {
      deadlineType: "appeal",
      source: "computed",
      ruleCode: "appeal-judgment",
      triggerDate: trigger,
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id, dueDate } = created.json().data as KeyDate & { dueDate: string };
    expect(await titleIn(id, "en")).toBe("Appeal period against a judgment");
    expect(await titleIn(id, "zh-CN")).toBe("对判决的上诉期");
    for (const [lang, title] of [
      ["en", "Appeal period against a judgment"],
      ["zh-CN", "对判决的上诉期"],
    ] as const) {
      const month = await api.get(
        "lawyer",
        `/api/calendar/month?from=${dueDate}&to=${dueDate}&scope=me&perDay=4`,
        lang,
      );
      expect(month.statusCode, month.body).toBe(200);
      expect(
        (month.json().data.items as { id: string; title: string }[]).find((i) => i.id === id)
          ?.title,
      ).toBe(title);
      const day = await api.get(
        "lawyer",
        `/api/calendar?from=${dueDate}&to=${dueDate}&scope=me`,
        lang,
      );
      expect(
        (day.json().data as { id: string; title: string }[]).find((i) => i.id === id)?.title,
      ).toBe(title);
    }
  });

  it("a type's label is given in both languages; a typed title stays as typed for everyone", async () => {
    const plain = await api.addKeyDate("lawyer", caseId, {
      deadlineType: "appeal",
      source: "manual",
      dueDate: plusDays(401),
    });
    const label = plain.json().data as KeyDate;
    expect(await titleIn(label.id, "zh-CN")).not.toBe(await titleIn(label.id, "en"));
    const typed = await api.addKeyDate("lawyer", caseId, {
      deadlineType: "appeal",
      source: "manual",
      dueDate: plusDays(402),
      title: "对方上诉期（自拟）",
    });
    const typedId = (typed.json().data as KeyDate).id;
    expect(await titleIn(typedId, "en")).toBe("对方上诉期（自拟）");
    expect(await titleIn(typedId, "zh-CN")).toBe("对方上诉期（自拟）");
  });

  it("an edit sending back the title as shown keeps both names; a new title is typed", async () => {
    const created = (
      await api.addKeyDate("lawyer", caseId, {
        deadlineType: "defence",
        source: "computed",
        ruleCode: "defence",
        triggerDate: plusDays(380),
      })
    ).json().data as KeyDate;
    const same = await api.patch(
      "lawyer",
      `/api/key-dates/${created.id}`,
      { title: "Defence period", note: "n", version: created.version },
      "en",
    );
    expect(same.statusCode, same.body).toBe(200);
    expect(await titleIn(created.id, "zh-CN")).toBe("答辩期");
    const renamed = await api.patch(
      "lawyer",
      `/api/key-dates/${created.id}`,
      { title: "Reply to the counterclaim", version: same.json().data.version },
      "en",
    );
    expect(renamed.json().data.title).toBe("Reply to the counterclaim");
    expect(await titleIn(created.id, "zh-CN")).toBe("Reply to the counterclaim");
  });

  it("the home page and a reminder name the key date in both languages (title and title@en)", async () => {
    const created = (
      await api.addKeyDate("lawyer", caseId, {
        deadlineType: "appeal",
        source: "computed",
        ruleCode: "appeal-ruling",
        triggerDate: plusDays(-5),
      })
    ).json().data as KeyDate & { dueDate: string };
    // Due within the fortnight: on the home page too, in the reader's language.
    for (const [lang, title] of [
      ["en", "Appeal period against a ruling"],
      ["zh-CN", "对裁定的上诉期"],
    ] as const) {
      const agenda = (await api.get("lawyer", "/api/my-agenda", lang)).json().data as {
        deadlines: { id: string; title: string }[];
        unconfirmed: { id: string; title: string }[];
      };
      expect(
        [...agenda.deadlines, ...agenda.unconfirmed].find((d) => d.id === created.id)?.title,
      ).toBe(title);
    }
    await runDeadlineReminders(t.database.db, dayjs(`${created.dueDate}T12:00:00+08:00`).toDate());
    const sent = await t.database.db
      .select({ params: notifications.params })
      .from(notifications)
      .where(and(eq(notifications.entity, "key_dates"), eq(notifications.entityId, created.id)));
    expect(sent.length).toBeGreaterThan(0);
    expect(sent[0].params).toMatchObject({
      title: "对裁定的上诉期",
      "title@en": "Appeal period against a ruling",
    });
    const [row] = await t.database.db
      .select({ titleEn: keyDates.titleEn })
      .from(keyDates)
      .where(eq(keyDates.id, created.id));
    expect(row.titleEn).toBe("Appeal period against a ruling");
  });

  it("the iCal feed names key dates in its owner's language (a calendar app sends none)", async () => {
    const created = (
      await api.addKeyDate("lawyer", caseId, {
        deadlineType: "appeal",
        source: "computed",
        ruleCode: "appeal-abroad",
        triggerDate: plusDays(1),
      })
    ).json().data as KeyDate;
    const path = (await api.post("lawyer", "/api/calendar-feed", {})).json().data.path as string;
    const summary = async () => {
      const events = new ICAL.Component(ICAL.parse((await t.app.inject({ url: path })).body))
        .getAllSubcomponents("vevent")
        .map((v) => new ICAL.Event(v));
      return events.find((e) => e.uid === `key-date-${created.id}@law-manage`)?.summary;
    };
    await t.database.db
      .update(users)
      .set({ preferences: sql`${users.preferences} || '{"language": "zh-CN"}'::jsonb` })
      .where(eq(users.username, "lawyer"));
    expect(await summary()).toMatch(/^\[\?\] 上诉期（在中国境内没有住所的当事人） · /);
    await t.database.db
      .update(users)
      .set({ preferences: sql`${users.preferences} || '{"language": "en"}'::jsonb` })
      .where(eq(users.username, "lawyer"));
    expect(await summary()).toMatch(/^\[\?\] Appeal period \(party without domicile in China\) · /);
  });
});
