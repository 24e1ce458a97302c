import dayjs from "dayjs";
import { and, asc, eq, inArray } from "drizzle-orm";

import { nextNumber } from "../features/contracts";
import type { RequestCtx } from "../lib/request-ctx";
import type { Db } from "../db/client";
import { DEMO_CONTRACT_PDF, DEMO_SEAL_PNG } from "./demo-bodies";
import { seedFile } from "./documents";
import { seedSigningRequest } from "./esign";
import { startDemoApproval } from "./workflow";
import { cases, contracts, sealRequests, seals, sealUsages, workspaces } from "../db/tables";

type People = { custodian: string; lead: string; approver: string };

const STATUSES = ["approved", "signing", "signed", "archived", "voided"] as const;

/**
 * Demo seals (one of each kind but the legal representative's), a contract in every status on the
 * firm's open cases, their seal log, and seal requests stamped and taken out (one overdue). Pending
 * requests come from real approvals in the demo, not from here.
 */
export const seedContracts = async (tx: Db, workspaceId: string, people: People) => {
  const ctx = { db: tx, workspaceId, userId: people.lead } as RequestCtx;
  const [firm] = await tx
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  const sealSpecs = [
    ["公章", "official"],
    ["合同专用章", "contract"],
    ["财务专用章", "finance"],
  ] as const;
  const sealRows = [];
  for (const [name, sealType] of sealSpecs) {
    const [row] = await tx
      .insert(seals)
      .values({
        workspaceId,
        name: `${firm.name}${name}`,
        sealType,
        sealingFirm: firm.name,
        custodianId: people.custodian,
        createdBy: people.custodian,
      })
      .returning();
    sealRows.push(row);
  }
  const contractSeal = sealRows[1];
  // The electronic seal e-signing uses: its impression is a Documents file, its custodian signs for the firm.
  const impression = await seedFile(tx, {
    workspaceId,
    ownerId: people.custodian,
    folderId: null,
    name: "电子合同章印模.png",
    mime: "image/png",
    body: DEMO_SEAL_PNG,
  });
  await tx.insert(seals).values({
    workspaceId,
    name: `${firm.name}电子合同章`,
    sealType: "electronic",
    sealingFirm: firm.name,
    custodianId: people.custodian,
    imageFileIds: [impression.id],
    createdBy: people.custodian,
  });
  const open = await tx
    .select()
    .from(cases)
    .where(and(eq(cases.workspaceId, workspaceId), inArray(cases.status, ["formal", "closed"])))
    .orderBy(asc(cases.caseNo))
    .limit(STATUSES.length);
  const today = dayjs();
  for (const [i, caseRow] of open.entries()) {
    const status = STATUSES[i];
    const contractNo = await nextNumber(ctx, "contract");
    // The approved and the signing contract's text is a real PDF: the first is ready to send for e-signing, the second is out for it.
    const text =
      status === "approved" || status === "signing"
        ? await seedFile(tx, {
            workspaceId,
            ownerId: people.lead,
            folderId: caseRow.folderId,
            name: "委托代理合同.pdf",
            mime: "application/pdf",
            body: DEMO_CONTRACT_PDF,
          })
        : undefined;
    const [row] = await tx
      .insert(contracts)
      .values({
        workspaceId,
        contractNo,
        name: `${caseRow.name}委托代理合同`,
        contractType: "engagement",
        caseId: caseRow.id,
        accountId: caseRow.accountId,
        startDate: today.subtract(30 - i, "day").format("YYYY-MM-DD"),
        endDate: today.add(335 + i, "day").format("YYYY-MM-DD"),
        amount: caseRow.feeFixed ?? "50000.00",
        feeType: caseRow.feeType,
        feeFixed: caseRow.feeFixed,
        feePercent: caseRow.feePercent,
        status,
        signingStatus:
          status === "signing" ? "sent" : status === "approved" ? "unsigned" : "signed",
        sealingFirm: firm.name,
        sealId: contractSeal.id,
        copies: 2,
        signerName: "王立",
        signerMobile: `1380013${String(1000 + i)}`,
        signerEmail: status === "approved" ? "wangli@example.com" : null,
        // The approved contract's text is a real PDF, ready to be sent for e-signing.
        attachmentIds: text ? [text.id] : [],
        archiveRemark: status === "archived" ? "纸质原件已归档" : null,
        archivedAt: status === "archived" ? new Date() : null,
        voidReason: status === "voided" ? "委托人变更委托事项，双方协商一致作废" : null,
        voidedAt: status === "voided" ? new Date() : null,
        createdBy: people.lead,
        updatedBy: people.lead,
      })
      .returning();
    if (status === "signing" && text) await seedSigningRequest(tx, row, text, people.lead);
    await tx.insert(sealUsages).values({
      workspaceId,
      sealId: contractSeal.id,
      entity: "contracts",
      entityId: row.id,
      subject: `${contractNo} ${row.name}`,
      copies: 2,
      approvedBy: people.approver,
      stampedBy: people.custodian,
      stampedAt: today.subtract(20 - i, "day").toDate(),
    });
  }
  const requests = [
    {
      mode: "office",
      status: "stamped",
      documentType: "legal-opinion",
      recipients: [{ name: "委托人", copies: 2 }],
      returnDue: null,
    },
    {
      mode: "take-out",
      status: "taken-out",
      documentType: "power-of-attorney",
      recipients: [
        { name: "人民法院立案庭", copies: 1 },
        { name: "委托人", copies: 1 },
      ],
      returnDue: today.add(2, "day").format("YYYY-MM-DD"),
    },
    {
      mode: "take-out",
      status: "taken-out",
      documentType: "complaint",
      recipients: [{ name: "仲裁委员会", copies: 2 }],
      returnDue: today.subtract(1, "day").format("YYYY-MM-DD"),
    },
  ] as const;
  for (const [i, spec] of requests.entries()) {
    const requestNo = await nextNumber(ctx, "seal-request");
    const [row] = await tx
      .insert(sealRequests)
      .values({
        workspaceId,
        requestNo,
        documentType: spec.documentType,
        caseId: open[i]?.id ?? null,
        recipients: [...spec.recipients],
        // The document stamped: a file in the case's folder, as the request form requires one.
        files: [
          {
            fileId: (
              await seedFile(tx, {
                workspaceId,
                ownerId: people.lead,
                folderId: open[i]?.folderId ?? null,
                name: `用印文件-${requestNo}.pdf`,
                mime: "application/pdf",
                body: DEMO_CONTRACT_PDF,
              })
            ).id,
            copies: 2,
          },
        ],
        sealId: sealRows[0].id,
        reason: "案件办理需要",
        reviewed: true,
        mode: spec.mode,
        returnDue: spec.returnDue,
        status: spec.status,
        createdBy: people.lead,
        updatedBy: people.lead,
      })
      .returning();
    await tx.insert(sealUsages).values({
      workspaceId,
      sealId: sealRows[0].id,
      entity: "seal_requests",
      entityId: row.id,
      subject: `${requestNo} ${spec.recipients.map((r) => `${r.name} ×${r.copies}`).join(", ")}`,
      copies: 1 + i,
      approvedBy: people.approver,
      stampedBy: people.custodian,
      stampedAt: today.subtract(3 - i, "day").toDate(),
    });
  }
};

/** A seal request waiting in its approval (after the demo flows exist), with a real running approval. */
export const seedPendingSealRequest = async (tx: Db, workspaceId: string, people: People) => {
  const ctx = { db: tx, workspaceId, userId: people.lead } as RequestCtx;
  const [seal] = await tx
    .select()
    .from(seals)
    .where(and(eq(seals.workspaceId, workspaceId), eq(seals.sealType, "official")));
  const [caseRow] = await tx
    .select({ id: cases.id, folderId: cases.folderId })
    .from(cases)
    .where(and(eq(cases.workspaceId, workspaceId), eq(cases.status, "formal")))
    .limit(1);
  const requestNo = await nextNumber(ctx, "seal-request");
  const [row] = await tx
    .insert(sealRequests)
    .values({
      workspaceId,
      requestNo,
      documentType: "complaint",
      caseId: caseRow?.id ?? null,
      recipients: [{ name: "人民法院立案庭", copies: 2 }],
      files: [
        {
          fileId: (
            await seedFile(tx, {
              workspaceId,
              ownerId: people.lead,
              folderId: caseRow?.folderId ?? null,
              name: `起诉状-${requestNo}.pdf`,
              mime: "application/pdf",
              body: DEMO_CONTRACT_PDF,
            })
          ).id,
          copies: 2,
        },
      ],
      sealId: seal.id,
      reason: "提交起诉材料",
      reviewed: true,
      mode: "office",
      status: "pending",
      createdBy: people.lead,
      updatedBy: people.lead,
    })
    .returning();
  const form = {
    title: `用印申请 ${requestNo}：${seal.name}`,
    sealHolderId: seal.custodianId,
    copies: 2,
  };
  const titleI18n = { key: "seals.approval.title", params: { no: requestNo, seal: seal.name } };
  const approvalId = await startDemoApproval(
    tx,
    workspaceId,
    "seal",
    people.lead,
    form,
    `seal-requests:${row.id}`,
    titleI18n,
  );
  await tx
    .update(sealRequests)
    .set({ approvalId })
    .where(and(eq(sealRequests.workspaceId, workspaceId), eq(sealRequests.id, row.id)));
};
