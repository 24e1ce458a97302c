import { eq } from "drizzle-orm";

import {
  accounts,
  caseBills,
  casePayments,
  caseTimeEntries,
  cases,
  departments,
  invoices,
  keyDates,
  leads,
  memberDepartments,
  memberRoles,
  members,
  roles,
  users,
  workflowDefinitions,
  workflowDefinitionVersions,
  workflowInstances,
  workspaces,
} from "../../src/server/db/tables";
import { hashPassword } from "../../src/server/features/auth";
import { DEMO_PASSWORD } from "../../src/server/seed/demo";
import { seedDictionaries } from "../../src/server/seed/dictionaries";
import { PARTNER_ROLES, ROLE_TEMPLATES } from "../../src/server/seed/role-templates";
import type { TestApp } from "../fixtures/app";

/**
 * A firm of its own for the reports' hand-computed figures (reports-figures.test.ts and
 * reports-drill.test.ts): nothing of the demo in it, so every figure is what these rows add up
 * to. The firm's clock is Asia/Shanghai (UTC+8); the tests fake today as 2031-03-15 (FAKE_NOW),
 * so "this quarter" is 2031-01-01..2031-03-31. Rows sit on the period's edges on purpose: an
 * instant that is one day in UTC and the next in Shanghai says which clock a report reads.
 */
export const FAKE_NOW = new Date("2031-03-15T04:00:00Z");

/** The people, each in this firm only (so signing in lands here). */
export const PEOPLE = {
  radmin: { name: "R Admin", role: "admin", dept: "M" },
  rhead: { name: "R Head", role: "lawyer", dept: "A" },
  rlawyer: { name: "R Lawyer", role: "lawyer", dept: "A" },
  rother: { name: "R Other", role: "lawyer", dept: "B" },
} as const;
type Person = keyof typeof PEOPLE;

export type ReportFirm = {
  workspaceId: string;
  user: Record<Person, string>;
  dept: Record<"M" | "A" | "B", string>;
  account: Record<"K1" | "K2" | "K3", string>;
  caseId: Record<"C1" | "C2" | "C3" | "C4" | "C5" | "C6", string>;
};

const at = (iso: string) => new Date(iso);

export const seedReportFirm = async (t: TestApp): Promise<ReportFirm> => {
  const db = t.database.db;
  const [ws] = await db
    .insert(workspaces)
    .values({
      name: "报表测试所",
      nameEn: "Report Test Firm",
      settings: { timeZone: "Asia/Shanghai" },
    })
    .returning();
  const w = ws.id;
  const roleId = new Map<string, string>();
  for (const template of ROLE_TEMPLATES) {
    const [role] = await db
      .insert(roles)
      .values({
        workspaceId: w,
        ...template,
        isSystem: template.code === "admin",
        isPartner: PARTNER_ROLES.has(template.code),
      })
      .returning();
    roleId.set(template.code, role.id);
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const user = {} as Record<Person, string>;
  for (const [username, p] of Object.entries(PEOPLE) as [Person, (typeof PEOPLE)[Person]][]) {
    const [u] = await db.insert(users).values({ username, name: p.name, passwordHash }).returning();
    user[username] = u.id;
    await db.insert(members).values({ workspaceId: w, userId: u.id });
    await db
      .insert(memberRoles)
      .values({ workspaceId: w, userId: u.id, roleId: roleId.get(p.role)! });
  }
  // A is headed by rhead (a lawyer by role: heading it is what gives the department scope).
  const dept = {} as Record<"M" | "A" | "B", string>;
  for (const [i, [key, name, manager]] of (
    [
      ["M", "所务", user.radmin],
      ["A", "诉讼一组", user.rhead],
      ["B", "非诉组", null],
    ] as const
  ).entries()) {
    const [d] = await db
      .insert(departments)
      .values({ workspaceId: w, name, sortOrder: i, managerId: manager })
      .returning();
    dept[key] = d.id;
  }
  for (const [username, p] of Object.entries(PEOPLE) as [Person, (typeof PEOPLE)[Person]][])
    await db
      .insert(memberDepartments)
      .values({ workspaceId: w, userId: user[username], departmentId: dept[p.dept] });
  await seedDictionaries(db, w);

  const account = {} as ReportFirm["account"];
  for (const [key, name] of [
    ["K1", "甲公司"],
    ["K2", "乙公司"],
    ["K3", "丙公司"],
  ] as const) {
    const [a] = await db
      .insert(accounts)
      .values({ workspaceId: w, accountType: "organization", name })
      .returning();
    account[key] = a.id;
  }

  // Case, department, lead, client, type, stage, status, created (UTC → the firm's day).
  const caseRows = [
    // 2031-01-01 00:30 in Shanghai: January, though UTC still says 2030.
    [
      "C1",
      "A",
      "rlawyer",
      "K1",
      "civil-litigation",
      "first-instance",
      "formal",
      "2030-12-31T16:30:00Z",
    ],
    // 2031-02-01 00:00 in Shanghai: February.
    [
      "C2",
      "A",
      "rhead",
      "K1",
      "civil-litigation",
      "second-instance",
      "pre-filing",
      "2031-01-31T16:00:00Z",
    ],
    ["C3", "A", "rlawyer", "K2", "commercial-arbitration", null, "formal", "2031-02-10T02:00:00Z"],
    // 2031-03-31 23:59:59 in Shanghai: the quarter's last second.
    [
      "C4",
      "B",
      "rother",
      "K3",
      "commercial-arbitration",
      "first-instance",
      "closed",
      "2031-03-31T15:59:59Z",
    ],
    // 2031-04-01 00:00 in Shanghai: the next quarter.
    [
      "C5",
      "B",
      "rother",
      "K2",
      "civil-litigation",
      "first-instance",
      "formal",
      "2031-03-31T16:00:00Z",
    ],
    // 2030-12-31 23:59 in Shanghai: the quarter before.
    [
      "C6",
      "A",
      "rlawyer",
      "K3",
      "civil-litigation",
      "enforcement",
      "terminated",
      "2030-12-31T15:59:00Z",
    ],
  ] as const;
  const caseId = {} as ReportFirm["caseId"];
  for (const [key, d, lead, acct, caseType, stage, status, created] of caseRows) {
    const [c] = await db
      .insert(cases)
      .values({
        workspaceId: w,
        caseNo: `T-${key}`,
        name: `Case ${key}`,
        accountId: account[acct],
        caseType,
        filingType: "formal",
        stage,
        status,
        departmentId: dept[d],
        leadLawyerId: user[lead],
        createdAt: at(created),
      })
      .returning();
    caseId[key] = c.id;
  }

  // Bill, case, status, issued, due, total, paid. Ageing on 2031-03-15 from due (else issued).
  const bills = [
    ["B1", "C1", "partially-paid", "2031-01-10", "2031-02-09", "10000.50", "4000.25"], // 34 days
    ["B2", "C3", "issued", "2031-02-28", null, "2345.67", "0"], // 15 days, from the issue day
    ["B3", "C4", "void", "2031-02-04", null, "999.99", "0"],
    ["B4", "C2", "draft", null, "2031-04-01", "111.11", "0"],
    ["B5", "C5", "issued", "2031-03-15", "2031-04-14", "500.00", "0"], // not due
    ["B6", "C6", "paid", "2030-12-20", "2031-01-19", "800.00", "800.00"], // nothing owed
    ["B7", "C1", "issued", "2030-09-01", "2030-09-15", "300.00", "0"], // 181 days: over 180
    ["B8", "C3", "issued", "2030-12-01", "2030-12-15", "700.00", "0"], // 90 days: 31–90
    ["B9", "C2", "issued", "2031-03-01", "2031-03-15", "50.00", "0"], // due today: 0 days
  ] as const;
  await db.insert(caseBills).values(
    bills.map(([billNo, c, status, issuedOn, dueOn, total, paidAmount]) => ({
      workspaceId: w,
      caseId: caseId[c],
      billNo: `T-${billNo}`,
      status,
      issuedOn,
      dueOn,
      total,
      paidAmount,
    })),
  );
  const payments = [
    ["C1", "2031-01-15", "4000.25"],
    ["C3", "2031-02-28", "0.10"],
    ["C3", "2031-02-01", "1200.00"],
    ["C6", "2030-12-31", "800.00"],
    ["C4", "2031-03-31", "99.90"],
    ["C5", "2031-04-01", "10.00"],
  ] as const;
  await db.insert(casePayments).values(
    payments.map(([c, paidOn, amount]) => ({
      workspaceId: w,
      caseId: caseId[c],
      paidOn,
      amount,
    })),
  );
  const invoiceRows = [
    ["I1", "C1", "K1", "issued", "2031-01-20", "3000.03"],
    ["I2", "C1", "K1", "pending", null, "500.00"],
    ["I3", "C4", "K3", "issued", "2031-03-31", "88.88"],
    ["I4", "C3", "K2", "reversed", "2031-02-05", "70.00"],
  ] as const;
  await db.insert(invoices).values(
    invoiceRows.map(([no, c, acct, status, issuedOn, amount]) => ({
      workspaceId: w,
      caseId: caseId[c],
      accountId: account[acct],
      requestNo: `T-${no}`,
      invoiceType: "normal",
      buyerTitle: "X",
      amount,
      taxRate: "6",
      taxAmount: "0.00",
      status,
      issuedOn,
    })),
  );
  const entries = [
    ["C1", "rlawyer", "2031-01-02", 90],
    ["C3", "rlawyer", "2031-03-31", 45],
    ["C2", "rhead", "2031-02-14", 120],
    ["C4", "rother", "2030-12-31", 600],
    ["C4", "rother", "2031-04-01", 60],
    ["C1", "rhead", "2031-03-10", 30],
  ] as const;
  await db.insert(caseTimeEntries).values(
    entries.map(([c, who, workDate, minutes]) => ({
      workspaceId: w,
      caseId: caseId[c],
      userId: user[who],
      workDate,
      minutes,
      description: "work",
    })),
  );
  // Key date, case, responsible, due, status, last change (marks it done).
  const dates = [
    ["D1", "C1", "rlawyer", "2031-03-15", "open", null], // due today: to come
    ["D2", "C3", "rlawyer", "2031-03-28", "open", null], // the 14th day from today
    ["D3", "C3", "rlawyer", "2031-03-29", "open", null], // the 15th: not "in 14 days"
    // Done 2031-02-10 00:30 in Shanghai (2031-02-09 in UTC): met.
    ["D4", "C2", "rhead", "2031-02-10", "done", "2031-02-09T16:30:00Z"],
    // Done 2031-02-11 00:30 in Shanghai (still 2031-02-10 in UTC): missed.
    ["D5", "C2", "rhead", "2031-02-10", "done", "2031-02-10T16:30:00Z"],
    ["D6", "C4", "rother", "2031-03-01", "open", null], // open after its day: missed
    ["D7", "C1", "rlawyer", "2031-01-20", "void", null],
    ["D8", "C4", "rother", "2031-03-20", "open", null],
    ["D9", "C1", "rlawyer", "2031-03-14", "open", null], // yesterday: missed
    ["D10", "C5", "rother", "2031-04-02", "open", null], // next quarter
  ] as const;
  await db.insert(keyDates).values(
    dates.map(([title, c, who, dueDate, status, changed]) => ({
      workspaceId: w,
      caseId: caseId[c],
      deadlineType: "hearing",
      title,
      dueDate,
      source: "manual" as const,
      responsibleId: user[who],
      datedBy: user[who],
      status,
      reminderOffsets: [],
      ...(changed ? { updatedAt: at(changed) } : { updatedAt: at("2030-12-01T00:00:00Z") }),
    })),
  );

  const definitionOf = new Map<string, { id: string; versionId: string }>();
  for (const kind of ["case", "contract"]) {
    const [d] = await db
      .insert(workflowDefinitions)
      .values({ workspaceId: w, key: `t-${kind}`, kind, name: kind, draft: {} as never })
      .returning();
    const [v] = await db
      .insert(workflowDefinitionVersions)
      .values({ workspaceId: w, definitionId: d.id, number: 1, flow: {} as never })
      .returning();
    definitionOf.set(kind, { id: d.id, versionId: v.id });
  }
  // Kind, initiator, status, submitted, finished (hours to finish).
  const approvals = [
    ["case", "rlawyer", "approved", "2031-01-05T01:00:00Z", "2031-01-05T03:00:00Z"], // 2 h
    ["case", "rhead", "rejected", "2031-02-01T00:00:00Z", "2031-02-02T00:00:00Z"], // 24 h
    ["case", "rother", "cancelled", "2031-03-01T00:00:00Z", "2031-03-01T06:00:00Z"], // 6 h
    // 2031-03-31 23:30 in Shanghai: in the quarter.
    ["contract", "rlawyer", "approved", "2031-03-31T15:30:00Z", "2031-04-02T03:30:00Z"], // 36 h
    // 2031-04-01 00:00 in Shanghai: the next quarter.
    ["contract", "rlawyer", "approved", "2031-03-31T16:00:00Z", "2031-04-01T17:00:00Z"],
    // 2030-12-31 23:59 in Shanghai: the quarter before.
    ["case", "rlawyer", "approved", "2030-12-31T15:59:00Z", "2031-01-01T00:00:00Z"],
    ["case", "rlawyer", "running", "2031-02-10T00:00:00Z", null],
  ] as const;
  await db.insert(workflowInstances).values(
    approvals.map(([kind, who, status, submitted, finished], i) => ({
      workspaceId: w,
      definitionId: definitionOf.get(kind)!.id,
      versionId: definitionOf.get(kind)!.versionId,
      kind,
      title: `W${i + 1}`,
      status,
      initiatorId: user[who],
      form: {},
      state: {},
      submittedAt: at(submitted),
      finishedAt: finished ? at(finished) : null,
    })),
  );
  // Lead, source, created (UTC), the case it became.
  const leadRows = [
    ["L1", "referral", "2030-12-31T16:00:00Z", "C1"], // 2031-01-01 00:00 in Shanghai
    ["L2", "referral", "2031-02-15T00:00:00Z", null],
    ["L3", "website", "2031-03-31T15:59:00Z", "C3"],
    ["L4", "website", "2031-03-31T16:00:00Z", null], // the next quarter
    ["L5", null, "2031-01-10T00:00:00Z", null],
  ] as const;
  await db.insert(leads).values(
    leadRows.map(([no, source, created, c]) => ({
      workspaceId: w,
      leadNo: `T-${no}`,
      title: no,
      stage: c ? "won" : "consult",
      source,
      caseId: c ? caseId[c] : null,
      createdAt: at(created),
    })),
  );
  const [check] = await db.select().from(workspaces).where(eq(workspaces.id, w));
  if (!check) throw new Error("report firm not made");
  return { workspaceId: w, user, dept, account, caseId };
};
