import { createHash, randomBytes } from "node:crypto";

import { appendEvent } from "../features/esign";
import type { Db } from "../db/client";
import { contracts, esignRequests, esignSigners } from "../db/tables";
import { DEMO_CONTRACT_PDF } from "./demo-bodies";

const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest("hex");

/**
 * The demo's contract in signing has a signing request out to its counterparty (the link went
 * nowhere: cancel and re-send it from the contract's E-signing tab to see one in the Outbox).
 */
export const seedSigningRequest = async (
  tx: Db,
  contract: typeof contracts.$inferSelect,
  file: { id: string; name: string },
  senderId: string,
) => {
  const now = new Date();
  const [request] = await tx
    .insert(esignRequests)
    .values({
      workspaceId: contract.workspaceId,
      contractId: contract.id,
      sourceFileId: file.id,
      sourceName: file.name,
      sourceSha256: sha256(DEMO_CONTRACT_PDF),
      pageCount: 2,
      signingOrder: "sequential",
      fields: [
        {
          id: crypto.randomUUID(),
          signer: 0,
          kind: "signature",
          page: 2,
          x: 0.1,
          y: 0.12,
          w: 0.3,
          h: 0.08,
        },
      ],
      expiresAt: new Date(now.getTime() + 14 * 24 * 3600 * 1000),
      remindEveryDays: 3,
      nextRemindAt: new Date(now.getTime() + 3 * 24 * 3600 * 1000),
      linkBase: "http://localhost:3000",
      createdBy: senderId,
    })
    .returning();
  const [signer] = await tx
    .insert(esignSigners)
    .values({
      workspaceId: contract.workspaceId,
      requestId: request.id,
      position: 0,
      party: "counterparty",
      name: contract.signerName ?? "王立",
      mobile: contract.signerMobile,
      status: "sent",
      sentAt: now,
      tokenHash: sha256(randomBytes(32)),
    })
    .returning();
  const base = {
    workspaceId: contract.workspaceId,
    requestId: request.id,
    actorId: senderId,
    actorName: "",
    at: now,
    docSha256: request.sourceSha256,
  };
  await appendEvent(tx, {
    ...base,
    action: "prepared",
    detail: { signers: 1, fields: 1, order: "sequential" },
  });
  await appendEvent(tx, {
    ...base,
    action: "sent",
    signerId: signer.id,
    detail: { to: signer.name, channel: "sms" },
  });
  return request;
};
