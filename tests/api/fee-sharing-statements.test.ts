import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";

import { firmTodayOf } from "../../src/server/lib/firm-time";
import { casesSuite } from "../fixtures/cases";
import { sharingApi } from "./fee-sharing-fixture";

/** Statements: finance sees every member's month, a lawyer only their own lines; xlsx and PDF. */
describe("fee sharing: statements", () => {
  const suite = casesSuite();
  let s: ReturnType<typeof sharingApi>;
  let month = "";
  const id = { lawyer: "", partner: "", assistant: "" };
  const dir = mkdtempSync(path.join(tmpdir(), "fee-statements-"));
  beforeAll(async () => {
    s = sharingApi(suite.t, suite.api);
    const firm = await s.firmId();
    month = (await firmTodayOf(suite.t.database.db, firm)).slice(0, 7);
    for (const who of ["lawyer", "partner", "assistant"] as const)
      id[who] = await suite.api.userId(who);
    const kase = await s.open({
      name: "星河公司诉月光公司买卖合同纠纷",
      accountId: await s.client("明细客户"),
      feeAllocation: {
        originatorId: id.partner,
        lines: [
          { memberId: id.partner, role: "originator", percent: "35" },
          { memberId: id.lawyer, role: "lead", percent: "45" },
          { memberId: id.assistant, role: "co-counsel", percent: "20" },
        ],
      },
    });
    // 90 000.00 distributable this month: 31 500.00 / 40 500.00 / 18 000.00.
    await s.pay(kase.id, `${month}-01`, "60000.00");
    await s.pay(kase.id, `${month}-02`, "40000.00");
    // Last month: 9 000.00 distributable, the lead's 4 050.00.
    const [y, m] = month.split("-").map(Number);
    const last = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
    await s.pay(kase.id, `${last}-28`, "10000.00");
  });

  it("my earnings: a lawyer sees their own lines, total and twelve months, and nobody else's", async () => {
    const res = await suite.api.get("lawyer", "/api/fees/my-earnings");
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json().data;
    expect(mine).toMatchObject({
      period: month,
      closed: false,
      memberId: id.lawyer,
      total: "40500.00",
    });
    expect(mine.lines).toHaveLength(2);
    expect(
      mine.lines.every(
        (l: { memberId: string; kind: string }) => l.memberId === id.lawyer && l.kind === "member",
      ),
    ).toBe(true);
    expect(mine.lines[0]).toMatchObject({
      caseName: "星河公司诉月光公司买卖合同纠纷",
      role: "lead",
      percent: "45.00",
      amount: "24300.00",
      reason: "payment",
      refersTo: null,
    });
    expect(mine.months).toHaveLength(12);
    expect(mine.months.at(-1)).toEqual({ period: month, total: "40500.00", closed: false });
    expect(mine.months.at(-2).total).toBe("4050.00");
    expect(mine.months[0].total).toBe("0.00");

    const self = await suite.api.get("lawyer", `/api/fees/statements/${id.lawyer}?period=${month}`);
    expect(self.statusCode).toBe(200);
    expect(self.json().data.total).toBe("40500.00");
    for (const url of [
      `/api/fees/statements/${id.partner}?period=${month}`,
      `/api/fees/statements/${id.partner}/statement.pdf?period=${month}`,
      `/api/fees/statements?period=${month}`,
      `/api/fees/statements/export.xlsx?period=${month}`,
      "/api/fees/periods",
    ]) {
      const denied = await suite.api.get("lawyer", url, "zh-CN");
      expect(denied.statusCode, url).toBe(403);
      expect(denied.json().msg, url).toBeTruthy();
    }
    expect((await suite.api.get("lawyer", `/api/fees/statements/${id.partner}`)).json().msg).toBe(
      "Only finance can see another lawyer's statement",
    );
  });

  it("finance sees every member's month: totals, the firm's lines, what was received", async () => {
    const res = await suite.api.get("admin", `/api/fees/statements?period=${month}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      period: month,
      closed: false,
      closedAt: null,
      firm: { tax: "0.00", management: "10000.00", rounding: "0.00" },
      received: "100000.00",
    });
    expect(data.members).toEqual([
      { memberId: id.lawyer, name: expect.any(String), lines: 2, total: "40500.00" },
      { memberId: id.partner, name: expect.any(String), lines: 2, total: "31500.00" },
      { memberId: id.assistant, name: expect.any(String), lines: 2, total: "18000.00" },
    ]);
    const partner = await suite.api.get(
      "admin",
      `/api/fees/statements/${id.partner}?period=${month}`,
    );
    expect(partner.json().data).toMatchObject({ memberId: id.partner, total: "31500.00" });
  });

  it("a lawyer's PDF reads back as text: firm, name, month, amounts in the one money format", async () => {
    const res = await suite.api.get(
      "admin",
      `/api/fees/statements/${id.lawyer}/statement.pdf?period=${month}`,
      "zh-CN",
    );
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const file = path.join(dir, "statement.pdf");
    writeFileSync(file, res.rawPayload);
    execFileSync("qpdf", ["--check", file]);
    const text = execFileSync("pdftotext", ["-enc", "UTF-8", "-layout", file, "-"], {
      encoding: "utf8",
    });
    const name = (await suite.api.get("lawyer", "/api/fees/my-earnings")).json().data.name;
    for (const expected of [
      "提成明细",
      "明德律师事务所",
      name,
      month,
      "¥40,500.00",
      "¥24,300.00",
      "¥16,200.00",
      "主办律师",
      "45.00%",
      "近十二个月",
    ])
      expect(text, expected).toContain(expected);
    // The lawyer downloads their own, in English.
    const own = await suite.api.get(
      "lawyer",
      `/api/fees/statements/${id.lawyer}/statement.pdf?period=${month}`,
    );
    expect(own.statusCode).toBe(200);
    writeFileSync(file, own.rawPayload);
    expect(execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" })).toContain(
      "Fee-share statement of",
    );
  });

  it("the month's xlsx opens in exceljs: a summary and every line with its member", async () => {
    const res = await suite.api.get(
      "admin",
      `/api/fees/statements/export.xlsx?period=${month}`,
      "zh-CN",
    );
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual([`汇总 ${month}`, `明细 ${month}`]);
    const rows = (sheet: ExcelJS.Worksheet) => {
      const out: unknown[][] = [];
      sheet.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
      return out;
    };
    const summary = rows(book.worksheets[0]);
    expect(summary[0]).toEqual(["律师", "笔数", "合计"]);
    expect(summary.slice(1, 4).map((r) => [r[1], r[2]])).toEqual([
      [2, 40500],
      [2, 31500],
      [2, 18000],
    ]);
    expect(summary.find((r) => r[0] === "管理费")?.[2]).toBe(10000);
    expect(summary.find((r) => r[0] === "收款合计")?.[2]).toBe(100000);
    expect(book.worksheets[0].getCell("C2").numFmt).toContain("¥");
    const lines = rows(book.worksheets[1]);
    expect(lines[0][0]).toBe("律师");
    // Two payments: management + three members each.
    expect(lines).toHaveLength(1 + 8);
    expect(lines.filter((r) => r[0] === "（律所）")).toHaveLength(2);
    expect(lines.some((r) => r[1] === "主办律师" && r[6] === 24300)).toBe(true);
  });

  it("hostile queries are refused with a 4xx; another firm's member is not found", async () => {
    for (const q of [
      "?period=%00",
      "?period=__proto__",
      "?__proto__=1",
      "?period=2026-13",
      "?period[a]=1",
    ]) {
      const res = await suite.api.get("lawyer", `/api/fees/my-earnings${q}`);
      expect(res.statusCode, q).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, q).toBeLessThan(500);
    }
    expect((await suite.api.get("admin2", `/api/fees/statements/${id.lawyer}`)).statusCode).toBe(
      404,
    );
    const theirs = (await suite.api.get("admin2", `/api/fees/statements?period=${month}`)).json()
      .data;
    expect(theirs.members).toEqual([]);
    expect(theirs.received).toBe("0.00");
    expect((await suite.api.get("admin", "/api/fees/statements/not-a-uuid")).statusCode).toBe(422);
  });
});
