import dayjs from "dayjs";
import { and, asc, eq } from "drizzle-orm";

import type { Db } from "../db/client";
import { cases, leads } from "../db/tables";
import { nextLeadNo } from "../features/intake";
import { seedCtx } from "./seed-ctx";

type People = { lawyer: string; originator: string };

/**
 * The firm's intake (features/intake) in every stage of the standard dictionary: a company at the
 * first consultation, a dispute waiting on its conflict check, one quoted, one that did not sign
 * (with the reason), and two that became demo cases — so the board, the statistics' conversion
 * rate and a case's "Opened from lead" all have something real to show.
 */
export const seedLeads = async (tx: Db, workspaceId: string, people: People) => {
  const ctx = seedCtx(tx, workspaceId, people.lawyer);
  const base = { workspaceId, createdBy: people.lawyer, updatedBy: people.lawyer };
  const daysAgo = (n: number) => dayjs().subtract(n, "day").format("YYYY-MM-DD");
  await tx.insert(leads).values([
    {
      ...base,
      leadNo: await nextLeadNo(ctx),
      title: "设备采购合同货款纠纷咨询",
      consultedOn: daysAgo(2),
      prospectName: "东方精密机械有限公司",
      prospectType: "organization",
      contactName: "王经理",
      contactPhone: "13800000001",
      caseType: "civil-litigation",
      estimatedFee: "50000.00",
      source: "referral",
      originatorId: people.originator,
      stage: "consult",
      parties: [
        { name: "南方建材贸易有限公司", partyType: "organization", conflictRole: "counterparty" },
      ],
    },
    {
      ...base,
      leadNo: await nextLeadNo(ctx),
      title: "劳动合同解除争议咨询",
      consultedOn: daysAgo(40),
      prospectName: "刘明",
      prospectType: "individual",
      caseType: "labor-arbitration",
      estimatedFee: "8000.00",
      source: "website",
      stage: "lost",
      lostReason: "报价高于预期，委托人选择自行处理",
    },
    {
      ...base,
      leadNo: await nextLeadNo(ctx),
      title: "商铺租赁合同提前解约纠纷",
      consultedOn: daysAgo(6),
      prospectName: "悦客餐饮管理有限公司",
      prospectType: "organization",
      contactName: "周女士",
      contactPhone: "13800000002",
      caseType: "civil-litigation",
      estimatedFee: "60000.00",
      source: "existing-client",
      originatorId: people.originator,
      stage: "conflict",
      parties: [
        { name: "恒隆置业有限公司", partyType: "organization", conflictRole: "counterparty" },
      ],
    },
    {
      ...base,
      leadNo: await nextLeadNo(ctx),
      title: "股权转让协议审查及谈判",
      consultedOn: daysAgo(12),
      prospectName: "蓝海科技有限公司",
      prospectType: "organization",
      contactName: "陈总",
      contactPhone: "13800000003",
      caseType: "non-litigation",
      estimatedFee: "120000.00",
      source: "referral",
      referrer: "中信会计师事务所 赵会计师",
      stage: "quote",
    },
  ]);
  await seedConvertedLeads(tx, workspaceId, people);
};

/** Two of the firm's formal cases, each as the lead it was converted from. */
const seedConvertedLeads = async (tx: Db, workspaceId: string, people: People) => {
  const ctx = seedCtx(tx, workspaceId, people.lawyer);
  const formal = await tx
    .select({
      id: cases.id,
      name: cases.name,
      accountId: cases.accountId,
      caseType: cases.caseType,
      createdAt: cases.createdAt,
    })
    .from(cases)
    .where(and(eq(cases.workspaceId, workspaceId), eq(cases.status, "formal")))
    .orderBy(asc(cases.createdAt), asc(cases.caseNo))
    .limit(2);
  for (const c of formal) {
    const consulted = dayjs(c.createdAt).subtract(10, "day");
    await tx.insert(leads).values({
      workspaceId,
      createdBy: people.lawyer,
      updatedBy: people.lawyer,
      createdAt: consulted.toDate(),
      leadNo: await nextLeadNo(ctx),
      title: `${c.name}（咨询）`,
      consultedOn: consulted.format("YYYY-MM-DD"),
      accountId: c.accountId,
      caseType: c.caseType,
      source: "existing-client",
      originatorId: people.originator,
      stage: "won",
      caseId: c.id,
      convertedAt: c.createdAt,
    });
  }
};
