import type { Db } from "../db/client";
import { leads } from "../db/tables";
import { nextLeadNo } from "../features/intake";
import { seedCtx } from "./seed-ctx";

/**
 * Two leads of each firm (features/intake): a company consulting on a contract dispute, still
 * at the first stage, and an individual who did not sign, with the reason.
 */
export const seedLeads = async (
  tx: Db,
  workspaceId: string,
  people: { lawyer: string; originator: string },
) => {
  const ctx = seedCtx(tx, workspaceId, people.lawyer);
  const base = { workspaceId, createdBy: people.lawyer, updatedBy: people.lawyer };
  await tx.insert(leads).values([
    {
      ...base,
      leadNo: await nextLeadNo(ctx),
      title: "设备采购合同货款纠纷咨询",
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
      prospectName: "刘明",
      prospectType: "individual",
      caseType: "labor-arbitration",
      estimatedFee: "8000.00",
      source: "website",
      stage: "lost",
      lostReason: "报价高于预期，委托人选择自行处理",
    },
  ]);
};
