import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { createTestApp, type TestApp } from "../fixtures/app";
import { FAKE_NOW, type ReportFirm, seedReportFirm } from "./reports-fixture";

/**
 * The dashboard as a PDF, on the fixture firm (reports-fixture.ts; today 2031-03-15): a valid
 * file (qpdf --check) whose text (pdftotext) holds the title, period, scope, every report the
 * viewer may open and its figures, in the reader's language, money as ¥10,000.50.
 */
describe("GET /api/reports/export.pdf", () => {
  let t: TestApp;
  let firm: ReportFirm;
  const dir = mkdtempSync(path.join(os.tmpdir(), "lm-reports-pdf-"));

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: FAKE_NOW });
    t = await createTestApp();
    firm = await seedReportFirm(t);
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  /** The PDF checked by qpdf, and its text as pdftotext reads it (layout kept: rows stay rows). */
  const pdf = async (who: string, query: string, lang: "en" | "zh-CN") => {
    const res = await t.app.inject({
      url: `/api/reports/export.pdf?${query}`,
      headers: await t.as(who, { lang }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const file = path.join(dir, `${who}-${lang}.pdf`);
    writeFileSync(file, res.rawPayload);
    execFileSync("qpdf", ["--check", file]);
    const text = execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], {
      encoding: "utf8",
    });
    return { text, disposition: String(res.headers["content-disposition"]) };
  };

  it("holds every report of the firm with its figures, in English", async () => {
    const { text, disposition } = await pdf("radmin", "period=quarter&scope=firm", "en");
    expect(disposition).toContain("reports-2031-01-01-2031-03-31.pdf");
    expect(text).toContain("Report Test Firm");
    expect(text).toMatch(/Period: This quarter \(2031-01-01 – 2031-03-31\)/);
    expect(text).toContain("Scope: Whole firm");
    for (const title of [
      "New cases by month and type",
      "Open cases by stage",
      "Billed, received and invoiced",
      "Receivables ageing",
      "Top clients by fees received",
      "Lawyer workload",
      "Deadlines met and missed",
      "Approval cycle time",
      "Intake conversion by source",
    ])
      expect(text, title).toContain(title);
    // January's row of the money table (billed, received, invoiced), and ageing's 31–90 days.
    expect(text).toMatch(/2031-01\s+¥10,000\.50\s+¥4,000\.25\s+¥3,000\.03/);
    expect(text).toMatch(/31–90 days\s+2\s+¥6,700\.25/);
    expect(text).toMatch(/R Lawyer\s+2\s+2\.25\s+2/);
    expect(text).toMatch(/Referral\s+2\s+1\s+50\.00/);
  });

  it("speaks the reader's language and names the department", async () => {
    const { text } = await pdf(
      "radmin",
      `period=quarter&scope=department&departmentId=${firm.dept.B}`,
      "zh-CN",
    );
    expect(text).toContain("报表测试所");
    expect(text).toContain("范围: 部门: 非诉组");
    expect(text).toContain("开单、收款与开票");
    expect(text).toMatch(/2031-03\s+¥500\.00\s+¥99\.90\s+¥88\.88/);
    expect(text).toMatch(/未到期\s+1\s+¥500\.00/);
  });

  it("gives a lawyer their own figures and refuses them the firm's", async () => {
    const { text } = await pdf("rlawyer", "period=quarter&scope=me", "en");
    expect(text).toContain("Scope: Me: R Lawyer");
    expect(text).toMatch(/2031-02\s+¥2,345\.67\s+¥1,200\.10\s+¥0\.00/);
    const refused = await t.app.inject({
      url: "/api/reports/export.pdf?period=quarter&scope=firm",
      headers: await t.as("rlawyer", { lang: "en" }),
    });
    expect(refused.statusCode).toBe(403);
    const bad = await t.app.inject({
      url: "/api/reports/export.pdf?period=custom&from=2031-03-01&to=2031-02-01",
      headers: await t.as("radmin", { lang: "en" }),
    });
    expect(bad.statusCode).toBe(422);
  });
});
