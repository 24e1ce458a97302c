import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { cases } from "../../src/server/db/tables";
import { issueBill } from "../../src/server/features/cases/finance";
import { expirePreFilingCases } from "../../src/server/features/cases/lifecycle";
import { nextCaseNumber } from "../../src/server/features/cases/numbering";
import { previewNumber } from "../../src/server/features/contracts/numbering";
import type { TestApp } from "../fixtures/app";
import { deadlinesApi, deadlinesSuite } from "../fixtures/deadlines";
import { serviceCtx } from "../fixtures/documents";

type Item = { id: string; kind: string; title: string; start: string };
type Month = { items: Item[]; more: { day: string; count: number }[] };

/** Today on a zone's calendar. */
const todayIn = (zone: string) => new Date().toLocaleDateString("en-CA", { timeZone: zone });

/**
 * A firm's day begins at its own midnight, not Beijing's: the calendar's days, the home page's
 * "today", the years of case and contract numbers, a bill's issue date and the expiry sweep follow
 * the firm's zone (Mingde here, set away from Asia/Shanghai; Zhengheng keeps the default).
 */
describe("day boundaries on the firm's clock", () => {
  const suite = deadlinesSuite("时区日界测试案件");
  let t: TestApp;
  let api: ReturnType<typeof deadlinesApi>;
  let caseId: string;
  const setZone = async (timeZone: string) => {
    const res = await api.call("PUT", "admin", "/api/firm-time-zone", { timeZone });
    expect(res.statusCode, res.body).toBe(200);
  };
  beforeAll(async () => {
    ({ t, api, caseId } = suite);
  });

  it("the calendar puts an event on the firm's day: 00:30 in Auckland is the 11th, though 19:30 on the 10th in Beijing", async () => {
    await setZone("Pacific/Auckland");
    // 2030-03-11 00:30 to 04:30 in Auckland (UTC+13 in March): five events, one more than a day shows.
    for (let i = 0; i < 5; i += 1) {
      const res = await api.post("lawyer", "/api/calendar-events", {
        title: `奥克兰会议${i}`,
        startsAt: `2030-03-10T${11 + i}:30:00Z`,
        endsAt: `2030-03-10T${11 + i}:59:00Z`,
        caseId,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const list = async (day: string) =>
      (await api.get("lawyer", `/api/calendar?from=${day}&to=${day}&scope=me`)).json()
        .data as Item[];
    expect((await list("2030-03-11")).filter((i) => i.title.startsWith("奥克兰会议"))).toHaveLength(
      5,
    );
    expect((await list("2030-03-10")).filter((i) => i.title.startsWith("奥克兰会议"))).toHaveLength(
      0,
    );
    const res = await api.get(
      "lawyer",
      "/api/calendar/month?from=2030-03-09&to=2030-03-15&perDay=4&scope=firm",
    );
    expect(res.statusCode, res.body).toBe(200);
    const month = res.json().data as Month;
    expect(month.more).toEqual([{ day: "2030-03-11", count: 2 }]);
    expect(month.items.filter((i) => i.title.startsWith("奥克兰会议"))).toHaveLength(3);

    // Back on Beijing's clock the same five are the evening of the 10th.
    await setZone("Asia/Shanghai");
    expect((await list("2030-03-10")).filter((i) => i.title.startsWith("奥克兰会议"))).toHaveLength(
      5,
    );
    const shanghai = (
      await api.get(
        "lawyer",
        "/api/calendar/month?from=2030-03-09&to=2030-03-15&perDay=4&scope=firm",
      )
    ).json().data as Month;
    expect(shanghai.more).toEqual([{ day: "2030-03-10", count: 2 }]);
  });

  it("the home page's today is the firm's: a deadline due today in Pago Pago is overdue on Kiritimati's clock", async () => {
    // UTC-11 and UTC+14: 25 hours apart, never the same date.
    const pago = todayIn("Pacific/Pago_Pago");
    const added = await api.addKeyDate("lawyer", caseId, {
      deadlineType: "evidence",
      source: "manual",
      dueDate: pago,
      title: "萨摩亚今日期限",
    });
    expect(added.statusCode, added.body).toBe(200);
    const agenda = async () =>
      (await api.get("lawyer", "/api/my-agenda")).json().data as {
        today: string;
        deadlines: { title: string; isOverdue: boolean }[];
      };
    await setZone("Pacific/Pago_Pago");
    const there = await agenda();
    expect(there.today).toBe(pago);
    expect(there.deadlines.find((d) => d.title === "萨摩亚今日期限")?.isOverdue).toBe(false);
    await setZone("Pacific/Kiritimati");
    const ahead = await agenda();
    expect(ahead.today).toBe(todayIn("Pacific/Kiritimati"));
    expect(ahead.today > pago).toBe(true);
    expect(ahead.deadlines.find((d) => d.title === "萨摩亚今日期限")?.isOverdue).toBe(true);
    await setZone("Asia/Shanghai");
  });

  it("case and contract numbers take the firm's year around New Year", async () => {
    const ctx = await serviceCtx(t, "lawyer");
    // 2030-12-31 11:30Z: 00:30 on New Year's Day in Auckland, 19:30 on New Year's Eve in Beijing.
    const eve = new Date("2030-12-31T11:30:00Z");
    // 2031-01-01 03:00Z: 11:00 on New Year's Day in Beijing, 22:00 on New Year's Eve in New York.
    const day = new Date("2031-01-01T03:00:00Z");
    const numbers = async (at: Date) => ({
      caseNo: await nextCaseNumber(ctx, "civil-litigation", at),
      contractNo: await previewNumber(ctx, "contract", at),
    });

    await setZone("Pacific/Auckland");
    for (const n of Object.values(await numbers(eve))) expect(n).toContain("2031");
    await setZone("Asia/Shanghai");
    for (const n of Object.values(await numbers(eve))) expect(n).toContain("2030");
    for (const n of Object.values(await numbers(day))) expect(n).toContain("2031");
    await setZone("America/New_York");
    for (const n of Object.values(await numbers(day))) expect(n).toContain("2030");
    await setZone("Asia/Shanghai");
  });

  it("a bill issued at 00:30 on New Year's Day in Auckland is dated that day", async () => {
    const bill = await api.post("lawyer", "/api/case-bills", { caseId, fixedAmount: "100.00" });
    expect(bill.statusCode, bill.body).toBe(200);
    await setZone("Pacific/Auckland");
    const ctx = await serviceCtx(t, "lawyer");
    const issued = await issueBill(
      ctx,
      bill.json().data.id,
      bill.json().data.version,
      new Date("2030-12-31T11:30:00Z"),
    );
    expect(issued.issuedOn).toBe("2031-01-01");
    await setZone("Asia/Shanghai");
  });

  it("a pre-filing case expires after its last valid day on its firm's clock, not Beijing's", async () => {
    const kase = await api.open("lawyer", { name: "奥克兰预立案", filingType: "pre-filing" });
    await t.database.db
      .update(cases)
      .set({ validUntil: "2030-06-10" })
      .where(eq(cases.id, kase.id));
    // 13:00Z on the 10th: 21:00 in Beijing (still valid), 01:00 on the 11th in Auckland (passed).
    const now = new Date("2030-06-10T13:00:00Z");
    const status = async () =>
      (
        await t.database.db
          .select({ status: cases.status })
          .from(cases)
          .where(eq(cases.id, kase.id))
      )[0].status;
    await expirePreFilingCases(t.database.db, now);
    expect(await status()).toBe("pre-filing");
    await setZone("Pacific/Auckland");
    await expirePreFilingCases(t.database.db, now);
    expect(await status()).toBe("terminated");
    await setZone("Asia/Shanghai");
  });
});
