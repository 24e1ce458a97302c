import { count } from "drizzle-orm";

import { DEMO_SECRET_PREFIX, hashPassword } from "../features/auth";
import type { Database, Db } from "../db/client";
import {
  departments,
  memberDepartments,
  memberRoles,
  members,
  roles,
  users,
  userTwoFactor,
  workspaces,
} from "../db/tables";
import { seedAccounts } from "./accounts";
import { seedCases } from "./cases";
import { seedConflicts } from "./conflicts";
import { seedContracts, seedPendingSealRequest } from "./contracts";
import { seedDeadlines } from "./deadlines";
import { seedDocuments } from "./documents";
import { seedExpenses } from "./expenses";
import { seedFinanceYear } from "./finance-year";
import { seedInvoices } from "./invoices";
import { seedLeads } from "./leads";
import { seedArchive } from "./archive";
import { seedReportSubscriptions } from "./report-subscriptions";
import { seedNotifications } from "./notifications";
import { seedDictionaries } from "./dictionaries";
import { seedOrgExtras } from "./org";
import { seedWorkflow } from "./workflow";
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from "./demo-secrets";
import { PARTNER_ROLES, ROLE_TEMPLATES } from "./role-templates";

export { DEMO_PASSWORD, DEMO_TOTP_SECRET };
const SEED_LOCK_KEY = 727_002;

type DemoUser = {
  username: string;
  name: string;
  nameSuffix: string;
  email: string;
  phone: string;
};

const DEMO_USERS: DemoUser[] = [
  {
    username: "admin",
    name: "王建国",
    nameSuffix: "主任",
    email: "admin@mingde.example",
    phone: "13800000001",
  },
  {
    username: "partner",
    name: "李明",
    nameSuffix: "合伙人",
    email: "liming@mingde.example",
    phone: "13800000002",
  },
  {
    username: "lawyer",
    name: "张伟",
    nameSuffix: "律师",
    email: "zhangwei@mingde.example",
    phone: "13800000003",
  },
  {
    username: "assistant",
    name: "陈静",
    nameSuffix: "助理",
    email: "chenjing@mingde.example",
    phone: "13800000004",
  },
  {
    username: "finance",
    name: "刘芳",
    nameSuffix: "财务",
    email: "liufang@mingde.example",
    phone: "13800000005",
  },
  {
    username: "intern",
    name: "赵磊",
    nameSuffix: "实习生",
    email: "zhaolei@mingde.example",
    phone: "13800000006",
  },
  {
    username: "admin2",
    name: "周强",
    nameSuffix: "主任",
    email: "admin@zhengheng.example",
    phone: "13900000001",
  },
  {
    username: "lawyer2",
    name: "吴敏",
    nameSuffix: "律师",
    email: "wumin@zhengheng.example",
    phone: "13900000002",
  },
];

type Firm = {
  name: string;
  nameEn: string;
  departments: { key: string; name: string; parent?: string; manager?: string }[];
  /** email: the member's work address in this firm, when it is not the account's (a partner of two firms). */
  members: {
    username: string;
    role: string;
    department: string;
    position: string;
    email?: string;
  }[];
};

const FIRMS: Firm[] = [
  {
    name: "明德律师事务所",
    nameEn: "Mingde Law Firm",
    departments: [
      { key: "mgmt", name: "管理委员会", manager: "admin" },
      { key: "lit", name: "诉讼部", manager: "partner" },
      { key: "civil", name: "民商事组", parent: "lit", manager: "lawyer" },
      { key: "corp", name: "非诉部", manager: "partner" },
      { key: "ops", name: "行政财务部", manager: "finance" },
    ],
    members: [
      { username: "admin", role: "admin", department: "mgmt", position: "主任" },
      { username: "partner", role: "partner", department: "lit", position: "高级合伙人" },
      { username: "lawyer", role: "lawyer", department: "civil", position: "执业律师" },
      { username: "assistant", role: "assistant", department: "civil", position: "律师助理" },
      { username: "finance", role: "finance", department: "ops", position: "财务主管" },
      { username: "intern", role: "intern", department: "civil", position: "实习律师" },
    ],
  },
  {
    name: "正衡律师事务所",
    nameEn: "Zhengheng Law Firm",
    departments: [
      { key: "mgmt", name: "主任办公室", manager: "admin2" },
      { key: "lit", name: "争议解决部", manager: "lawyer2" },
    ],
    members: [
      { username: "admin2", role: "admin", department: "mgmt", position: "主任" },
      { username: "lawyer2", role: "lawyer", department: "lit", position: "执业律师" },
      {
        username: "partner",
        role: "partner",
        department: "lit",
        position: "合伙人",
        email: "liming@zhengheng.example",
      },
    ],
  },
];

/** What the demo holds beyond its records: a year of money (slow to write; API tests skip it). */
export type SeedOptions = { history?: boolean };

const seedFirm = async (
  tx: Db,
  firm: Firm,
  userIds: Map<string, string>,
  { history = true }: SeedOptions,
) => {
  const [ws] = await tx
    .insert(workspaces)
    .values({ name: firm.name, nameEn: firm.nameEn })
    .returning();
  const roleIds = new Map<string, string>();
  for (const template of ROLE_TEMPLATES) {
    const [role] = await tx
      .insert(roles)
      .values({
        workspaceId: ws.id,
        ...template,
        isSystem: template.code === "admin",
        isPartner: PARTNER_ROLES.has(template.code),
      })
      .returning();
    roleIds.set(template.code, role.id);
  }
  for (const m of firm.members) {
    const userId = userIds.get(m.username)!;
    const user = DEMO_USERS.find((u) => u.username === m.username)!;
    await tx.insert(members).values({
      workspaceId: ws.id,
      userId,
      position: m.position,
      phone: user.phone,
      email: m.email ?? user.email,
    });
    await tx
      .insert(memberRoles)
      .values({ workspaceId: ws.id, userId, roleId: roleIds.get(m.role)! });
  }
  const deptIds = new Map<string, string>();
  for (const [i, d] of firm.departments.entries()) {
    const [dept] = await tx
      .insert(departments)
      .values({
        workspaceId: ws.id,
        name: d.name,
        sortOrder: i,
        parentId: d.parent ? deptIds.get(d.parent) : null,
        managerId: d.manager ? userIds.get(d.manager) : null,
      })
      .returning();
    deptIds.set(d.key, dept.id);
  }
  for (const m of firm.members) {
    await tx.insert(memberDepartments).values({
      workspaceId: ws.id,
      userId: userIds.get(m.username)!,
      departmentId: deptIds.get(m.department)!,
    });
  }
  await seedDocuments(tx, ws.id, userIds.get(firm.members[0].username)!);
  await seedDictionaries(tx, ws.id);
  await seedAccounts(
    tx,
    { workspaceId: ws.id, ownerId: userIds.get(firm.members[0].username)! },
    FIRMS.indexOf(firm) + 1,
  );
  await seedOrgExtras(tx, ws.id, firm.nameEn, userIds);
  const firstOf = (...names: string[]) =>
    userIds.get(names.find((n) => firm.members.some((m) => m.username === n)) ?? "")!;
  await seedCases(tx, ws.id, FIRMS.indexOf(firm) + 1, {
    lead: firstOf("lawyer", "lawyer2"),
    partner: firstOf("partner"),
    assistant: firm.members.some((m) => m.username === "assistant")
      ? userIds.get("assistant")
      : undefined,
  });
  await seedExpenses(tx, ws.id, firstOf("lawyer", "lawyer2"));
  const sealPeople = {
    custodian: firstOf("finance", "admin2"),
    lead: firstOf("lawyer", "lawyer2"),
    approver: firstOf("admin", "admin2"),
  };
  await seedContracts(tx, ws.id, sealPeople);
  await seedConflicts(tx, ws.id, firstOf("lawyer", "lawyer2"));
  await seedLeads(tx, ws.id, {
    lawyer: firstOf("lawyer", "lawyer2"),
    originator: firstOf("partner", "admin2"),
  });
  await seedArchive(tx, ws.id, {
    archivist: firstOf("admin", "admin2"),
    borrower: firstOf("assistant", "lawyer2"),
  });
  await seedReportSubscriptions(tx, ws.id, firstOf("partner", "admin2"), firm === FIRMS[0]);
  await seedDeadlines(tx, ws.id, {
    lead: firstOf("lawyer", "lawyer2"),
    partner: firstOf("partner"),
  });
  await seedNotifications(
    tx,
    ws.id,
    firm,
    firm.members.map((m) => userIds.get(m.username)!),
  );
  await seedWorkflow(
    tx,
    ws.id,
    (u) => (firm.members.some((m) => m.username === u) ? userIds.get(u) : undefined),
    firm === FIRMS[0],
  );
  await seedPendingSealRequest(tx, ws.id, sealPeople);
  await seedInvoices(
    tx,
    ws.id,
    { lead: sealPeople.lead, finance: sealPeople.custodian },
    firm === FIRMS[0],
  );
  if (history)
    await seedFinanceYear(tx, ws.id, {
      lead: firstOf("lawyer", "lawyer2"),
      partner: firstOf("partner"),
      finance: sealPeople.custodian,
    });
  return ws.id;
};

/** Loads the two demo firms when the database has no users; returns whether it did. */
export const seedIfEmpty = (database: Database, options: SeedOptions = {}) =>
  database.withAdvisoryLock(SEED_LOCK_KEY, async () => {
    const [{ n }] = await database.db.select({ n: count() }).from(users);
    if (n > 0) return false;
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await database.db.transaction(async (tx) => {
      const userIds = new Map<string, string>();
      for (const u of DEMO_USERS) {
        const [row] = await tx
          .insert(users)
          .values({ ...u, passwordHash })
          .returning();
        userIds.set(u.username, row.id);
      }
      for (const firm of FIRMS) await seedFirm(tx, firm, userIds, options);
      // The partner signs in with an authenticator code (README gives the secret). Marked, not
      // sealed: the seed has no key; the server seals it when it starts (features/auth).
      await tx.insert(userTwoFactor).values({
        userId: userIds.get("partner")!,
        secretSealed: `${DEMO_SECRET_PREFIX}${DEMO_TOTP_SECRET}`,
        enabledAt: new Date(),
      });
    });
    return true;
  });
