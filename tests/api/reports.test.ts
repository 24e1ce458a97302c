import ExcelJS from "exceljs";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import {
  accounts,
  caseBills,
  casePayments,
  cases,
  invoices,
  roles,
  workspaces,
} from "../../src/server/db/tables";
import { upgradeRoleTemplates } from "../../src/server/seed/role-upgrades";
import { sql } from "drizzle-orm";
import type { TestApp } from "../fixtures/app";
import { casesSuite } from "../fixtures/cases";
import { departmentByName, firmIds, orgApi, userId } from "../fixtures/org";

/**
 * Reports against a hand-made fixture in the first quarter of 2031 (no demo row falls there):
 * four cases, two bills, three payments and one invoice, each figure computed by hand.
 */
describe("reports", () => {
  const suite = casesSuite();
  let t: TestApp;
  let api: ReturnType<typeof orgApi>;
  let civil: string;
  let lit: string;
  const Q = "period=custom&from=2031-01-01&to=2031-03-31";

  beforeAll(async () => {
    t = suite.t;
    api = orgApi(t);
    const { a } = await firmIds(t);
    const lawyer = await userId(t, "lawyer");
    const partner = await userId(t, "partner");
    civil = (await departmentByName(t, a, "民商事组")).id;
    lit = (await departmentByName(t, a, "诉讼部")).id;
    const [account] = await t.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.workspaceId, a))
      .limit(1);
    const at = (iso: string) => new Date(iso);
    const base = { workspaceId: a, accountId: account.id, filingType: "formal" };
    // 2031-01-31T17:00Z is 2031-02-01 01:00 in Shanghai: it counts in February on the firm's clock.
    const made = await t.database.db
      .insert(cases)
      .values([
        {
          ...base,
          caseNo: "R-1",
          name: "R1",
          caseType: "civil-litigation",
          status: "formal",
          createdAt: at("2031-01-05T02:00:00Z"),
          departmentId: civil,
          leadLawyerId: lawyer,
        },
        {
          ...base,
          caseNo: "R-2",
          name: "R2",
          caseType: "civil-litigation",
          status: "formal",
          createdAt: at("2031-01-31T17:00:00Z"),
          departmentId: civil,
          leadLawyerId: lawyer,
        },
        {
          ...base,
          caseNo: "R-3",
          name: "R3",
          caseType: "arbitration",
          status: "closed",
          createdAt: at("2031-01-20T03:00:00Z"),
          departmentId: lit,
          leadLawyerId: partner,
        },
        {
          ...base,
          caseNo: "R-4",
          name: "R4",
          caseType: "civil-litigation",
          status: "formal",
          createdAt: at("2031-03-31T15:59:00Z"),
          departmentId: lit,
          leadLawyerId: partner,
        },
      ])
      .returning({ id: cases.id, caseNo: cases.caseNo });
    const id = (no: string) => made.find((c) => c.caseNo === no)!.id;
    await t.database.db.insert(caseBills).values([
      {
        workspaceId: a,
        caseId: id("R-1"),
        billNo: "RB-1",
        status: "partially-paid",
        issuedOn: "2031-01-10",
        total: "10000.50",
        paidAmount: "4000.25",
      },
      {
        workspaceId: a,
        caseId: id("R-3"),
        billNo: "RB-2",
        status: "issued",
        issuedOn: "2031-02-03",
        total: "2345.67",
      },
      {
        workspaceId: a,
        caseId: id("R-3"),
        billNo: "RB-3",
        status: "void",
        issuedOn: "2031-02-04",
        total: "999.99",
      },
      { workspaceId: a, caseId: id("R-4"), billNo: "RB-4", status: "draft", total: "111.11" },
    ]);
    await t.database.db.insert(casePayments).values([
      { workspaceId: a, caseId: id("R-1"), paidOn: "2031-01-15", amount: "4000.25" },
      { workspaceId: a, caseId: id("R-3"), paidOn: "2031-02-28", amount: "0.10" },
      { workspaceId: a, caseId: id("R-3"), paidOn: "2031-02-01", amount: "1200.00" },
    ]);
    await t.database.db.insert(invoices).values([
      {
        workspaceId: a,
        caseId: id("R-1"),
        accountId: account.id,
        requestNo: "RI-1",
        invoiceType: "normal",
        buyerTitle: "X",
        amount: "3000.03",
        taxRate: "6",
        taxAmount: "169.83",
        status: "issued",
        issuedOn: "2031-01-20",
      },
      {
        workspaceId: a,
        caseId: id("R-1"),
        accountId: account.id,
        requestNo: "RI-2",
        invoiceType: "normal",
        buyerTitle: "X",
        amount: "500.00",
        taxRate: "6",
        taxAmount: "28.30",
        status: "pending",
      },
    ]);
  });

  const figures = async (who: string, key: string, query = Q, lang = "en") => {
    const res = await api.get(who, `/api/reports/${key}?${query}`, lang);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      rows: Record<string, string | number>[];
      drill: Record<string, Record<string, { to: string; api: string }>>;
    };
  };

  it("counts new cases per firm month and type, and each drill-down lists as many", async () => {
    const { rows, drill } = await figures("admin", "new-cases");
    const picked = rows.map((r) => [r.month, r.id.toString().split(":")[1], r.cases]);
    expect(picked).toEqual([
      ["2031-01", "arbitration", 1],
      ["2031-01", "civil-litigation", 1],
      ["2031-02", "civil-litigation", 1],
      ["2031-03", "civil-litigation", 1],
    ]);
    for (const row of rows) {
      const link = drill[row.id].cases;
      expect(link.to).toMatch(/^\/case\/list\?/);
      const list = await api.get("admin", link.api);
      expect(list.statusCode, list.body).toBe(200);
      expect(Number(list.headers["x-total-count"])).toBe(row.cases);
    }
  });

  it("sums billed, received and invoiced to the cent", async () => {
    const { rows } = await figures("admin", "money");
    expect(
      rows.map(({ month, billed, received, invoiced }) => ({ month, billed, received, invoiced })),
    ).toEqual([
      { month: "2031-01", billed: "10000.50", received: "4000.25", invoiced: "3000.03" },
      { month: "2031-02", billed: "2345.67", received: "1200.10", invoiced: "0.00" },
    ]);
    const top = await figures("admin", "top-clients");
    expect(top.rows[0].received).toBe("5200.35");
  });

  it("scopes: a lawyer is refused the firm, sees the department they head and themselves", async () => {
    const refused = await api.get("lawyer", `/api/reports/new-cases?${Q}&scope=firm`, "zh-CN");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toContain("无权");
    const other = await api.get(
      "lawyer",
      `/api/reports/new-cases?${Q}&scope=department&departmentId=${lit}`,
    );
    expect(other.statusCode).toBe(403);
    const dept = await figures(
      "lawyer",
      "new-cases",
      `${Q}&scope=department&departmentId=${civil}`,
    );
    expect(dept.rows.reduce((n, r) => n + Number(r.cases), 0)).toBe(2);
    const me = await figures("lawyer", "money", `${Q}&scope=me`);
    expect(me.rows).toEqual([
      {
        id: "2031-01",
        month: "2031-01",
        billed: "10000.50",
        received: "4000.25",
        invoiced: "3000.03",
      },
    ]);
    const partnerDept = await figures(
      "partner",
      "new-cases",
      `${Q}&scope=department&departmentId=${lit}`,
    );
    expect(partnerDept.rows.reduce((n, r) => n + Number(r.cases), 0)).toBe(2);
    const catalogue = await api.get("lawyer", "/api/reports");
    expect(catalogue.json().data[0].scopes).toEqual(["department", "me"]);
    expect((await api.get("intern", "/api/reports")).statusCode).toBe(403);
  });

  it("another firm sees none of it", async () => {
    const { rows } = await figures("admin2", "money");
    expect(rows).toEqual([]);
    const foreign = await api.get(
      "admin2",
      `/api/reports/new-cases?${Q}&scope=department&departmentId=${civil}`,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it("refuses hostile input in the reader's language", async () => {
    expect((await api.get("admin", "/api/reports/no-such-report")).statusCode).toBe(404);
    expect([400, 404, 422]).toContain(
      (await api.get("admin", "/api/reports/__proto__")).statusCode,
    );
    expect((await api.get("admin", "/api/reports/constructor")).statusCode).toBe(404);
    expect([400, 422]).toContain(
      (await api.get("admin", "/api/reports/money?scope=galaxy")).statusCode,
    );
    const bad = await api.get(
      "admin",
      "/api/reports/money?period=custom&from=2031-02-30&to=2031-03-01",
      "zh-CN",
    );
    // Refused at the edge, naming the parameter, as every route refuses a day that is no day.
    expect([400, 422]).toContain(bad.statusCode);
    expect(bad.json().msg).toMatch(/from|日期/);
    const reversed = await api.get(
      "admin",
      "/api/reports/money?period=custom&from=2031-03-01&to=2031-02-01",
    );
    expect(reversed.statusCode).toBe(422);
    const nul = await api.get(
      "admin",
      "/api/reports/money?period=custom&from=2031-01-01%00&to=2031-02-01",
    );
    expect([400, 422]).toContain(nul.statusCode);
    expect([400, 422]).toContain(
      (await api.get("admin", "/api/reports/money?departmentId=%7B%22a%22%3A1%7D")).statusCode,
    );
  });

  it("exports the figures as numbers with the yuan format", async () => {
    const res = await api.get("admin", `/api/reports/money/export.xlsx?${Q}`, "zh-CN");
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(2).value).toBe("开单金额");
    expect(sheet.getRow(2).getCell(2).value).toBe(10000.5);
    expect(sheet.getRow(3).getCell(3).value).toBe(1200.1);
    expect(sheet.getRow(2).getCell(2).numFmt).toContain("#,##0.00");
  });

  it("keeps other reports answering on the fixture", async () => {
    for (const key of [
      "open-cases",
      "receivables-ageing",
      "workload",
      "deadlines",
      "approvals",
      "intake",
    ]) {
      const res = await api.get("admin", `/api/reports/${key}?${Q}`);
      expect(res.statusCode, `${key}: ${res.body}`).toBe(200);
    }
    void and;
  });

  it("names intake sources by the firm's dictionary, in the reader's language", async () => {
    const period = "period=year";
    const zh = await figures("admin", "intake", period, "zh-CN");
    const en = await figures("admin", "intake", period, "en");
    const byId = (rows: Record<string, string | number>[]) =>
      Object.fromEntries(rows.map((r) => [r.id, r.source]));
    expect(byId(zh.rows)["existing-client"]).toBe("老客户");
    expect(byId(en.rows)["existing-client"]).toBe("Existing client");
    // Each source's lead count opens a lead list of exactly that many.
    for (const row of en.rows) {
      const link = en.drill[String(row.id)]?.leads;
      expect(link, String(row.id)).toBeTruthy();
      const list = await api.get("admin", link.api);
      expect(list.statusCode, list.body).toBe(200);
      expect(Number(list.headers["x-total-count"]), String(row.id)).toBe(Number(row.leads));
    }
  });

  it("gives an existing firm's partners and lawyers the right once", async () => {
    const db = t.database.db;
    const { a } = await firmIds(t);
    const mine = (code: string) =>
      db
        .select()
        .from(roles)
        .where(and(eq(roles.workspaceId, a), eq(roles.code, code)))
        .then((r) => r[0]);
    for (const code of ["partner", "lawyer"]) {
      const role = await mine(code);
      const rules = role.rules.filter((r) => r.subject !== "LAWFIRM_REPORT_VIEW");
      await db.update(roles).set({ rules }).where(eq(roles.id, role.id));
    }
    await db.update(workspaces).set({ settings: sql`${workspaces.settings} - 'roleSubjects'` });
    await upgradeRoleTemplates(t.database);
    expect((await mine("partner")).rules).toContainEqual({
      action: "read",
      subject: "LAWFIRM_REPORT_VIEW",
    });
    expect((await mine("lawyer")).rules).toContainEqual({
      action: "read",
      subject: "LAWFIRM_REPORT_VIEW",
      conditions: { ownerId: "${user.id}" },
    });
  });
});
