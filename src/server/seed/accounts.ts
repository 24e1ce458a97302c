import { syncConflictKeys } from "../features/conflicts";
import type { Db } from "../db/client";
import { accountEmployees, accounts, equityEdges } from "../db/tables";

type Ids = { workspaceId: string; ownerId: string };

/** A few clients per firm with employees and a small equity chain, so the pages are not empty. */
export const seedAccounts = async (tx: Db, { workspaceId, ownerId }: Ids, firmNo: number) => {
  const base = { workspaceId, createdBy: ownerId, updatedBy: ownerId, maintainerId: ownerId };
  const code = (n: number) => `91110000${String(firmNo)}${String(n).padStart(9, "0")}`;
  const [group, subsidiary, person] = await tx
    .insert(accounts)
    .values([
      {
        ...base,
        accountType: "organization",
        name: firmNo === 1 ? "华信控股集团有限公司" : "正达实业有限公司",
        source: "referral",
        industry: "finance",
        tags: ["key"],
        creditCode: code(1),
        custom: {
          legalRepresentative: "陈华信",
          registeredCapital: "50000000.00",
          enterpriseType: "llc",
        },
      },
      {
        ...base,
        accountType: "organization",
        name: firmNo === 1 ? "华信科技有限公司" : "正达物流有限公司",
        source: "partner-development",
        industry: "it",
        tags: ["long-term"],
        creditCode: code(2),
        custom: { legalRepresentative: "李科", registeredCapital: "10000000.00" },
      },
      {
        ...base,
        accountType: "individual",
        name: firmNo === 1 ? "陈华信" : "周正达",
        source: "referral",
        tags: ["individual"],
        idNumber: `11010119800101${String(firmNo).padStart(3, "0")}X`,
        custom: { gender: "male", mobile: "13700000001" },
      },
    ])
    .returning();
  await syncConflictKeys({ db: tx, workspaceId }, "client", [group.id, subsidiary.id, person.id]);
  const employees = await tx
    .insert(accountEmployees)
    .values([
      {
        workspaceId,
        accountId: group.id,
        name: "王小明",
        mobile: "13600000001",
        createdBy: ownerId,
        updatedBy: ownerId,
        custom: { position: "法务总监", gender: "male", ethnicity: "han" },
      },
      {
        workspaceId,
        accountId: group.id,
        name: "刘芳芳",
        mobile: "13600000002",
        createdBy: ownerId,
        updatedBy: ownerId,
        custom: { position: "财务经理", gender: "female", ethnicity: "han" },
      },
    ])
    .returning({ id: accountEmployees.id });
  await syncConflictKeys(
    { db: tx, workspaceId },
    "employee",
    employees.map((e) => e.id),
  );
  await tx.insert(equityEdges).values([
    {
      workspaceId,
      holderAccountId: person.id,
      companyAccountId: group.id,
      share: "60",
      createdBy: ownerId,
      updatedBy: ownerId,
    },
    {
      workspaceId,
      holderAccountId: group.id,
      companyAccountId: subsidiary.id,
      share: "75",
      createdBy: ownerId,
      updatedBy: ownerId,
    },
    {
      workspaceId,
      holderName: "外部投资人基金",
      companyAccountId: group.id,
      share: "15",
      createdBy: ownerId,
      updatedBy: ownerId,
    },
  ]);
  // The outside holder is indexed on the group's keys.
  await syncConflictKeys({ db: tx, workspaceId }, "client", [group.id]);
};
