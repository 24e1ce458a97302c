import dayjs from "dayjs";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { keyDates, outboxMessages } from "../../src/server/db/tables";
import { runDeadlineReminders } from "../../src/server/features/deadlines/reminders";
import type { TestApp } from "../fixtures/app";
import { deadlinesApi, deadlinesSuite, plusDays } from "../fixtures/deadlines";

describe("key dates on a case", () => {
  const suite = deadlinesSuite("期限测试案件");
  let t: TestApp;
  let api: ReturnType<typeof deadlinesApi>;
  let caseId: string;
  beforeAll(() => ({ t, api, caseId } = suite));

  describe("POST /api/key-dates/preview", () => {
    it("computes the appeal period from the served judgment and names the rule", async () => {
      const res = await api.post("lawyer", "/api/key-dates/preview", {
        ruleCode: "appeal-judgment",
        triggerDate: "2026-09-22",
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        dueDate: "2026-10-08",
        shiftedFrom: "2026-10-07",
        missingYears: [],
        rule: { code: "appeal-judgment", amount: 15, unit: "day" },
      });
    });

    it("flags a year without a holiday calendar", async () => {
      const res = await api.post("lawyer", "/api/key-dates/preview", {
        ruleCode: "limitation-general",
        triggerDate: "2026-03-02",
      });
      expect(res.json().data.missingYears).toEqual([2029]);
    });

    it("refuses a trigger in an unknown format and an unknown rule, translated", async () => {
      const bad = await api.post(
        "lawyer",
        "/api/key-dates/preview",
        { ruleCode: "appeal-judgment", triggerDate: "2026/12/03" },
        "zh-CN",
      );
      expect(bad.statusCode).toBe(422);
      expect(bad.json().data.fields[0].message).toContain("应为真实存在的日期");
      const unknown = await api.post("lawyer", "/api/key-dates/preview", {
        ruleCode: "nope",
        triggerDate: "2026-12-03",
      });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().data.fields[0].message).toBe("There is no such deadline rule");
    });
  });

  describe("POST /api/cases/:id/key-dates", () => {
    it("stores a computed deadline with its rule, trigger and reminders, unconfirmed", async () => {
      const res = await api.addKeyDate("lawyer", caseId, {
        deadlineType: "appeal",
        source: "computed",
        ruleCode: "appeal-judgment",
        triggerDate: "2026-12-03",
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        dueDate: "2026-12-18",
        ruleCode: "appeal-judgment",
        triggerDate: "2026-12-03",
        source: "computed",
        status: "open",
        confirmedAt: null,
        title: "Appeal period against a judgment",
      });
      const list = await api.get("assistant", `/api/cases/${caseId}/key-dates`);
      expect(list.json().data.map((k: { id: string }) => k.id)).toContain(res.json().data.id);
    });

    it("refuses bad input with a translated 4xx and writes nothing", async () => {
      const before = await api.keyDateCount(caseId);
      const bodies = [
        {
          deadlineType: "appeal",
          source: "computed",
          ruleCode: "appeal-judgment",
          triggerDate: "03.12.2026",
        },
        { deadlineType: "appeal", source: "computed", ruleCode: "appeal-ruling" },
        {
          deadlineType: "defence",
          source: "computed",
          ruleCode: "appeal-judgment",
          triggerDate: "2026-12-03",
        },
        { deadlineType: "no-such-type", source: "manual", dueDate: "2026-12-03" },
        { deadlineType: "appeal", source: "manual", dueDate: "2026-12-03", reminderOffsets: [-1] },
        { deadlineType: "appeal", source: "manual", dueDate: "2026-13-03" },
        { deadlineType: "appeal", source: "manual", dueDate: "2026-12-03", title: "a\u0000b" },
      ];
      for (const body of bodies) {
        const res = await api.addKeyDate("lawyer", caseId, body);
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, res.body).toBeLessThan(500);
        expect(res.json().msg).toBeTruthy();
      }
      expect(await api.keyDateCount(caseId)).toBe(before);
    });

    it("hostile JSON (__proto__, constructor, deep nesting) never answers 5xx and writes nothing", async () => {
      const before = await api.keyDateCount(caseId);
      let deep: Record<string, unknown> = {};
      for (let i = 0; i < 2000; i += 1) deep = { a: deep };
      const bodies = [
        JSON.parse(
          `{"deadlineType": "appeal", "source": "manual", "dueDate": "2026-12-03", "__proto__": {"isAdmin": true}}`,
        ),
        JSON.parse(
          `{"deadlineType": "appeal", "source": "manual", "dueDate": "2026-12-03", "constructor": {"prototype": {"x": 1}}}`,
        ),
        { deadlineType: "appeal", source: "manual", dueDate: "2026-12-03", note: deep },
      ];
      for (const body of bodies) {
        for (const url of [
          `/api/cases/${caseId}/key-dates`,
          "/api/key-dates/preview",
          "/api/tasks",
          "/api/calendar-events",
          `/api/cases/${caseId}/apply-template`,
        ]) {
          const res = await api.post("lawyer", url, body);
          expect(res.statusCode, `${url} ${res.body}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(500);
        }
      }
      expect(await api.keyDateCount(caseId)).toBe(before);
    });
  });

  describe("POST /api/key-dates/:id/confirm", () => {
    it("the creator cannot confirm their own; someone off the team cannot; a second team member can, once", async () => {
      const created = (
        await api.addKeyDate("lawyer", caseId, {
          deadlineType: "defence",
          source: "computed",
          ruleCode: "defence",
          triggerDate: "2026-11-02",
        })
      ).json().data;
      const own = await api.post(
        "lawyer",
        `/api/key-dates/${created.id}/confirm`,
        { version: created.version },
        "zh-CN",
      );
      expect(own.statusCode).toBe(409);
      expect(own.json().msg).toContain("录入人不能复核");
      // The admin may update every case but is not on this one's team.
      expect(
        (
          await api.post("admin", `/api/key-dates/${created.id}/confirm`, {
            version: created.version,
          })
        ).statusCode,
      ).toBe(409);
      // The assistant is on the team but only reads cases.
      expect(
        (
          await api.post("assistant", `/api/key-dates/${created.id}/confirm`, {
            version: created.version,
          })
        ).statusCode,
      ).toBe(403);
      const [unchanged] = await t.database.db
        .select()
        .from(keyDates)
        .where(eq(keyDates.id, created.id));
      expect(unchanged.confirmedAt).toBeNull();
      const ok = await api.post("partner", `/api/key-dates/${created.id}/confirm`, {
        version: created.version,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data.confirmedBy).toBe(await api.userId("partner"));
      expect(
        (
          await api.post("partner", `/api/key-dates/${created.id}/confirm`, {
            version: ok.json().data.version,
          })
        ).statusCode,
      ).toBe(409);
    });

    it("whoever re-dated a deadline cannot confirm it; a teammate can, and a note alone changes no one", async () => {
      const created = (
        await api.addKeyDate("lawyer", caseId, {
          deadlineType: "appeal",
          source: "computed",
          ruleCode: "appeal-judgment",
          triggerDate: "2026-12-03",
        })
      ).json().data;
      // A note is no new date: the creator stays the one who set it, so the partner may confirm.
      const noted = await api.patch("partner", `/api/key-dates/${created.id}`, {
        note: "判决书已扫描",
        version: created.version,
      });
      expect(noted.statusCode, noted.body).toBe(200);
      expect(noted.json().data.datedBy).toBe(await api.userId("lawyer"));
      // The partner corrects the trigger: now the partner set the date.
      const redated = await api.patch("partner", `/api/key-dates/${created.id}`, {
        triggerDate: "2026-12-04",
        version: noted.json().data.version,
      });
      expect(redated.statusCode, redated.body).toBe(200);
      expect(redated.json().data).toMatchObject({
        dueDate: "2026-12-21",
        confirmedAt: null,
        datedBy: await api.userId("partner"),
      });
      const own = await api.post(
        "partner",
        `/api/key-dates/${created.id}/confirm`,
        { version: redated.json().data.version },
        "zh-CN",
      );
      expect(own.statusCode).toBe(409);
      expect(own.json().msg).toBe(
        "录入人不能复核自己录入或改过的日期，请由案件团队的另一名成员复核",
      );
      const ownEn = await api.post("partner", `/api/key-dates/${created.id}/confirm`, {
        version: redated.json().data.version,
      });
      expect(ownEn.json().msg).toBe(
        "You set this date (entered or changed it), so another member of the case team must confirm it",
      );
      const [unchanged] = await t.database.db
        .select()
        .from(keyDates)
        .where(eq(keyDates.id, created.id));
      expect(unchanged).toMatchObject({
        confirmedAt: null,
        confirmedBy: null,
        version: redated.json().data.version,
      });
      // The creator did not set this date, so they are the second pair of eyes now.
      const ok = await api.post("lawyer", `/api/key-dates/${created.id}/confirm`, {
        version: redated.json().data.version,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data.confirmedBy).toBe(await api.userId("lawyer"));
    });
  });

  describe("POST /api/key-dates/:id/status", () => {
    it("no longer applies only with a reason; closing drops the unsent reminders", async () => {
      const created = (
        await api.addKeyDate("lawyer", caseId, {
          deadlineType: "evidence",
          source: "manual",
          dueDate: plusDays(20),
        })
      ).json().data;
      const noReason = await api.post("lawyer", `/api/key-dates/${created.id}/status`, {
        status: "void",
        version: created.version,
      });
      expect(noReason.statusCode).toBe(422);
      const ok = await api.post("lawyer", `/api/key-dates/${created.id}/status`, {
        status: "void",
        reason: "已和解",
        version: created.version,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data).toMatchObject({ status: "void", voidReason: "已和解" });
      await runDeadlineReminders(t.database.db, dayjs().add(30, "day").toDate());
      expect(await api.notified(created.id)).toEqual([]);
    });
  });

  describe("the reminder job", () => {
    it("sends each reminder once with two runners, catches up after downtime and escalates an overdue deadline", async () => {
      const created = (
        await api.addKeyDate("lawyer", caseId, {
          deadlineType: "appeal",
          source: "manual",
          dueDate: plusDays(3),
          reminderOffsets: [3, 1, 0],
        })
      ).json().data;
      const lawyer = await api.userId("lawyer");
      const partner = await api.userId("partner");
      const now = new Date();
      const mail = { senders: {}, publicUrl: "https://law.example" };
      await Promise.all([
        runDeadlineReminders(t.database.db, now, mail),
        runDeadlineReminders(t.database.db, now, mail),
      ]);
      let sent = await api.notified(created.id);
      expect(sent.filter((n) => n.userId === lawyer)).toEqual([
        { userId: lawyer, titleKey: "deadlines.notifications.reminder" },
      ]);
      // The whole team hears of it (assistant and supervising partner included).
      expect(new Set(sent.map((n) => n.userId))).toEqual(
        new Set([lawyer, partner, await api.userId("assistant")]),
      );
      // Running again the same day sends nothing new.
      await runDeadlineReminders(t.database.db, now, mail);
      expect((await api.notified(created.id)).length).toBe(sent.length);
      // Down for four days: the missed reminders and the overdue escalation go out, once each.
      const later = dayjs(now).add(4, "day").toDate();
      await Promise.all([
        runDeadlineReminders(t.database.db, later, mail),
        runDeadlineReminders(t.database.db, later, mail),
      ]);
      sent = await api.notified(created.id);
      const lawyerKeys = sent
        .filter((n) => n.userId === lawyer)
        .map((n) => n.titleKey)
        .sort();
      expect(lawyerKeys).toEqual([
        "deadlines.notifications.overdue",
        "deadlines.notifications.reminder",
        "deadlines.notifications.reminder",
        "deadlines.notifications.today",
      ]);
      expect(
        sent.filter(
          (n) => n.userId === partner && n.titleKey === "deadlines.notifications.overdue",
        ),
      ).toHaveLength(1);
      await runDeadlineReminders(t.database.db, dayjs(now).add(10, "day").toDate(), mail);
      expect((await api.notified(created.id)).length).toBe(sent.length);
      // Each notification also went out by e-mail, once, to the member's address and in their
      // language; with no sender configured the e-mails wait in the Outbox.
      const mails = await t.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.entityId, created.id));
      expect(mails).toHaveLength(sent.length);
      expect(
        mails.every(
          (m) => m.status === "outbox" && m.channel === "email" && m.kind === "deadline.reminder",
        ),
      ).toBe(true);
      const toLawyer = mails.filter((m) => m.recipient === "zhangwei@mingde.example");
      expect(toLawyer).toHaveLength(4);
      expect(toLawyer.map((m) => m.subject).join("\n")).toMatch(/已逾期|Overdue/);
      // The link opens the case on its Key dates tab (the tab's key in the case detail).
      for (const m of toLawyer)
        expect(m.body).toContain(`https://law.example/manage/case/detail/${caseId}?tab=key-dates`);
      const outbox = (await api.get("admin", "/api/outbox?pageSize=100")).json().data;
      expect(outbox.items.some((m: { entityId: string }) => m.entityId === created.id)).toBe(true);
    });
  });

  describe("tenancy and row scopes", () => {
    it("another firm's member gets 404 on every key-date route", async () => {
      const created = (
        await api.addKeyDate("lawyer", caseId, {
          deadlineType: "retrial",
          source: "manual",
          dueDate: plusDays(40),
        })
      ).json().data;
      expect((await api.get("lawyer2", `/api/cases/${caseId}/key-dates`)).statusCode).toBe(404);
      expect(
        (
          await api.post("lawyer2", `/api/cases/${caseId}/key-dates`, {
            deadlineType: "appeal",
            source: "manual",
            dueDate: "2026-12-03",
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await api.post("lawyer2", `/api/key-dates/${created.id}/confirm`, { version: 1 }))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await api.post("lawyer2", `/api/key-dates/${created.id}/status`, {
            status: "done",
            version: 1,
          })
        ).statusCode,
      ).toBe(404);
      expect((await api.get("lawyer2", `/api/cases/${caseId}/task-templates`)).statusCode).toBe(
        404,
      );
      const cal = await api.get(
        "admin2",
        `/api/calendar?from=${plusDays(-30)}&to=${plusDays(60)}&scope=firm`,
      );
      expect(cal.json().data.map((i: { id: string }) => i.id)).not.toContain(created.id);
    });

    it("a member without case permission sees no key dates of the firm's cases", async () => {
      expect((await api.get("intern", `/api/cases/${caseId}/key-dates`)).statusCode).toBe(403);
      const cal = await api.get(
        "intern",
        `/api/calendar?from=${plusDays(-30)}&to=${plusDays(60)}&scope=firm`,
      );
      expect(cal.statusCode).toBe(200);
      expect(cal.json().data.filter((i: { kind: string }) => i.kind === "key-date")).toEqual([]);
    });
  });
});
