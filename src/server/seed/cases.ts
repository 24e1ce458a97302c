import dayjs from "dayjs";
import { eq } from "drizzle-orm";

import { syncCaseDerived } from "../features/cases";
import { nextCaseNumber } from "../features/cases";
import { EXPIRED_REASON } from "../features/cases";
import { ensureFolderPath } from "../features/documents";
import { translatorFor } from "../lib/i18n";
import type { RequestCtx } from "../lib/request-ctx";
import type { Db } from "../db/client";
import {
  accounts,
  caseBills,
  caseCourtNumbers,
  casePayments,
  cases,
  caseTimeEntries,
  members,
} from "../db/tables";

type Team = { lead: string; partner: string; assistant?: string };
type Spec = {
  name: string;
  client: number;
  caseType: string;
  filingType: string;
  stage: string;
  cause?: string;
  status: "pre-filing" | "formal" | "closed" | "terminated";
  validInDays?: number;
  amount?: string;
  fee: Record<string, string>;
  counterparty: string;
  court?: string;
  parent?: number;
  reason?: string;
};

const FIRM_ONE: Spec[] = [
  {
    name: "华信控股诉宏远贸易买卖合同纠纷",
    client: 0,
    caseType: "civil-litigation",
    filingType: "formal",
    stage: "first-instance",
    cause: "sale-contract",
    status: "formal",
    amount: "2860000.00",
    fee: { feeType: "hybrid", feeFixed: "50000.00", feePercent: "8.00" },
    counterparty: "宏远贸易有限公司",
    court: "（2026）京0105民初12345号",
  },
  {
    name: "华信控股诉宏远贸易买卖合同纠纷（二审）",
    client: 0,
    caseType: "civil-litigation",
    filingType: "formal",
    stage: "second-instance",
    cause: "sale-contract",
    status: "formal",
    amount: "2860000.00",
    fee: { feeType: "fixed", feeFixed: "80000.00" },
    counterparty: "宏远贸易有限公司",
    court: "（2026）京03民终4567号",
    parent: 0,
  },
  {
    name: "华信科技劳动争议仲裁",
    client: 1,
    caseType: "labor-arbitration",
    filingType: "pre-filing",
    stage: "labor-arbitration",
    cause: "labor-dispute",
    status: "pre-filing",
    validInDays: 2,
    amount: "180000.00",
    fee: { feeType: "fixed", feeFixed: "15000.00" },
    counterparty: "赵某某",
  },
  {
    name: "陈华信民间借贷纠纷",
    client: 2,
    caseType: "civil-litigation",
    filingType: "pre-filing",
    stage: "first-instance",
    cause: "private-lending",
    status: "pre-filing",
    validInDays: 25,
    amount: "500000.00",
    fee: { feeType: "contingency", feePercent: "20.00" },
    counterparty: "孙某",
  },
  {
    name: "华信控股股权转让纠纷（已过期）",
    client: 0,
    caseType: "civil-litigation",
    filingType: "pre-filing",
    stage: "first-instance",
    cause: "equity-transfer",
    status: "terminated",
    reason: EXPIRED_REASON,
    amount: "12000000.00",
    fee: { feeType: "semi-contingency", feeFixed: "100000.00", feePercent: "5.00" },
    counterparty: "远景投资有限公司",
  },
  {
    name: "华信科技常年法律顾问",
    client: 1,
    caseType: "retainer",
    filingType: "formal",
    stage: "counsel",
    status: "formal",
    fee: { feeType: "fixed", feeFixed: "120000.00" },
    counterparty: "—",
  },
  {
    name: "华信控股收购项目尽职调查",
    client: 0,
    caseType: "non-litigation",
    filingType: "formal",
    stage: "non-litigation",
    status: "formal",
    fee: { feeType: "hourly" },
    counterparty: "目标公司股东",
  },
  {
    name: "陈华信交通事故责任纠纷",
    client: 2,
    caseType: "civil-litigation",
    filingType: "formal",
    stage: "first-instance",
    cause: "traffic-accident",
    status: "closed",
    amount: "86000.00",
    fee: { feeType: "fixed", feeFixed: "8000.00" },
    counterparty: "某财产保险公司",
    court: "（2025）京0108民初7788号",
  },
  {
    name: "华信科技商标侵权纠纷",
    client: 1,
    caseType: "civil-litigation",
    filingType: "formal",
    stage: "first-instance",
    cause: "ip-infringement",
    status: "formal",
    amount: "3000000.00",
    fee: { feeType: "hourly" },
    counterparty: "仿冒科技有限公司",
    court: "（2026）京73民初321号",
  },
  {
    name: "某公司员工职务侵占案辩护",
    client: 0,
    caseType: "criminal-defense",
    filingType: "formal",
    stage: "prosecution-review",
    cause: "fraud",
    status: "formal",
    fee: { feeType: "fixed", feeFixed: "60000.00" },
    counterparty: "公诉机关",
  },
  {
    name: "华信控股建设工程施工合同仲裁",
    client: 0,
    caseType: "commercial-arbitration",
    filingType: "formal",
    stage: "commercial-arbitration",
    cause: "construction-contract",
    status: "formal",
    amount: "9500000.00",
    fee: { feeType: "hybrid", feeFixed: "150000.00", feePercent: "3.00" },
    counterparty: "鼎盛建设集团有限公司",
  },
  {
    name: "华信科技行政处罚复议",
    client: 1,
    caseType: "administrative-litigation",
    filingType: "formal",
    stage: "first-instance",
    cause: "administrative-penalty",
    status: "terminated",
    reason: "客户与行政机关和解，撤回委托",
    fee: { feeType: "fixed", feeFixed: "20000.00" },
    counterparty: "某市市场监督管理局",
  },
];

const FIRM_TWO: Spec[] = [
  {
    name: "正达实业诉恒通物流运输合同纠纷",
    client: 0,
    caseType: "civil-litigation",
    filingType: "formal",
    stage: "first-instance",
    cause: "sale-contract",
    status: "formal",
    amount: "760000.00",
    fee: { feeType: "fixed", feeFixed: "40000.00" },
    counterparty: "恒通物流有限公司",
    court: "（2026）沪0115民初9988号",
  },
  {
    name: "正达物流劳动仲裁",
    client: 1,
    caseType: "labor-arbitration",
    filingType: "pre-filing",
    stage: "labor-arbitration",
    cause: "labor-dispute",
    status: "pre-filing",
    validInDays: 10,
    amount: "60000.00",
    fee: { feeType: "fixed", feeFixed: "6000.00" },
    counterparty: "钱某",
  },
  {
    name: "周正达离婚纠纷",
    client: 2,
    caseType: "civil-litigation",
    filingType: "formal",
    stage: "first-instance",
    cause: "divorce",
    status: "closed",
    fee: { feeType: "fixed", feeFixed: "30000.00" },
    counterparty: "吴某",
  },
];

/**
 * Demo cases of one firm across types, stages and statuses (one pre-filing about to expire, one
 * expired, formal, closed, a second instance linked to its first), with parties, team, court
 * numbers, time entries, payments and a paid bill on the first.
 */
export const seedCases = async (tx: Db, workspaceId: string, firmNo: number, team: Team) => {
  const ctx = { db: tx, workspaceId, userId: team.lead } as RequestCtx;
  const clients = await tx
    .select()
    .from(accounts)
    .where(eq(accounts.workspaceId, workspaceId))
    .orderBy(accounts.creditCode, accounts.idNumber);
  const byName = [...clients].sort((a, b) =>
    a.accountType === b.accountType ? 0 : a.accountType === "organization" ? -1 : 1,
  );
  await tx.update(members).set({ hourlyRate: "1800.00" }).where(eq(members.userId, team.lead));
  await tx.update(members).set({ hourlyRate: "3500.00" }).where(eq(members.userId, team.partner));
  const ids: string[] = [];
  const numbers: string[] = [];
  const today = dayjs().format("YYYY-MM-DD");
  for (const [i, spec] of (firmNo === 1 ? FIRM_ONE : FIRM_TWO).entries()) {
    const client = byName[spec.client];
    const caseNo = await nextCaseNumber(ctx, spec.caseType, new Date());
    // Every case has its folder in Documents, as one opened through its approval does.
    const folderId = await ensureFolderPath(ctx, tx, null, [
      translatorFor("zh-CN")("cases.folderRoot"),
      caseNo,
    ]);
    const [row] = await tx
      .insert(cases)
      .values({
        workspaceId,
        caseNo,
        folderId,
        name: spec.name,
        accountId: client.id,
        caseType: spec.caseType,
        filingType: spec.filingType,
        causeOfAction: spec.cause ?? null,
        stage: spec.stage,
        status: spec.status,
        validUntil:
          spec.filingType === "pre-filing"
            ? dayjs(today)
                .add(spec.validInDays ?? -3, "day")
                .format("YYYY-MM-DD")
            : null,
        amount: spec.amount ?? null,
        ...spec.fee,
        recoveredAmount: spec.fee.feePercent ? "0.00" : null,
        serviceStart: dayjs(today)
          .subtract(60 - i * 3, "day")
          .format("YYYY-MM-DD"),
        serviceEnd:
          spec.status === "closed" ? dayjs(today).subtract(5, "day").format("YYYY-MM-DD") : null,
        terminationReason: spec.reason ?? null,
        terminatedAt: spec.status === "terminated" ? new Date() : null,
        leadLawyerId: team.lead,
        leadPartnerId: team.partner,
        assistantIds: team.assistant ? [team.assistant] : [],
        parentCaseId: spec.parent === undefined ? null : ids[spec.parent],
        parties: [
          {
            name: client.name,
            partyType: client.accountType === "organization" ? "organization" : "natural",
            ...((client.creditCode ?? client.idNumber)
              ? { idNumber: client.creditCode ?? client.idNumber }
              : {}),
            litigationRole: "plaintiff",
            conflictRole: "client",
            accountId: client.id,
          },
          {
            name: spec.counterparty,
            partyType: /公司|机关|局|集团/.test(spec.counterparty) ? "organization" : "natural",
            litigationRole: "defendant",
            conflictRole: "other",
          },
        ],
        custom: { description: `${spec.name}：委托人${client.name}，对方${spec.counterparty}。` },
        createdBy: team.lead,
        updatedBy: team.lead,
      })
      .returning();
    ids.push(row.id);
    numbers.push(row.caseNo);
    await syncCaseDerived(ctx, row as unknown as Record<string, unknown>);
    if (spec.court) {
      await tx.insert(caseCourtNumbers).values({
        workspaceId,
        caseId: row.id,
        number: spec.court,
        court: "人民法院",
        stage: spec.stage,
        isCurrent: true,
        createdBy: team.lead,
        updatedBy: team.lead,
      });
    }
  }
  // The first case carries the money: time (some billed), a paid bill, and a payment.
  const first = ids[0];
  const [bill] = await tx
    .insert(caseBills)
    .values({
      workspaceId,
      caseId: first,
      billNo: `${numbers[0]}-B001`,
      status: "paid",
      invoiceStatus: "full",
      issuedOn: today,
      fixedAmount: "50000.00",
      timeAmount: "5400.00",
      total: "55400.00",
      paidAmount: "55400.00",
      createdBy: team.lead,
      updatedBy: team.lead,
    })
    .returning();
  const entry = (
    minutes: number,
    rate: string,
    amount: string,
    description: string,
    billId: string | null,
  ) => ({
    workspaceId,
    caseId: first,
    userId: team.lead,
    workDate: today,
    minutes,
    description,
    billable: true,
    rate,
    amount,
    billId,
    createdBy: team.lead,
    updatedBy: team.lead,
  });
  await tx
    .insert(caseTimeEntries)
    .values([
      entry(120, "1800.00", "3600.00", "研究案卷、起草起诉状", bill.id),
      entry(60, "1800.00", "1800.00", "与客户电话会议", bill.id),
      entry(90, "1800.00", "2700.00", "准备证据目录", null),
    ]);
  await tx.insert(casePayments).values({
    workspaceId,
    caseId: first,
    paidOn: today,
    amount: "55400.00",
    method: "bank-transfer",
    payer: "委托人",
    billId: bill.id,
    createdBy: team.lead,
    updatedBy: team.lead,
  });
};
