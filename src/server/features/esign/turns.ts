import { and, asc, eq } from "drizzle-orm";

import type { Db } from "../../db/client";
import { esignRequests, esignSigners } from "../../db/tables";
import type { EsignDeps } from "./deps";
import { notifyStep, sendLink } from "./notify";
import { appendEvent } from "./trail";
import { currentTurn } from "./views";

type RequestRow = typeof esignRequests.$inferSelect;
type By = {
  actorId?: string | null;
  actorName: string;
  ip?: string | null;
  userAgent?: string | null;
};

/**
 * Whoever's turn it now is and has not been asked yet is asked: a counterparty gets a link by
 * email or text message, a firm signer a notification. In parallel order that is everyone at once.
 */
export const activateTurn = async (db: Db, deps: EsignDeps, r: RequestRow, now: Date, by: By) => {
  const signers = await db
    .select()
    .from(esignSigners)
    .where(and(eq(esignSigners.workspaceId, r.workspaceId), eq(esignSigners.requestId, r.id)))
    .orderBy(asc(esignSigners.position));
  for (const s of currentTurn(r, signers)) {
    if (s.status !== "waiting") continue;
    if (s.party === "counterparty") {
      const { channel, via, recipient } = await sendLink(db, deps, r, s, "link", now);
      await appendEvent(db, {
        workspaceId: r.workspaceId,
        requestId: r.id,
        action: "sent",
        signerId: s.id,
        ...by,
        at: now,
        docSha256: r.sourceSha256,
        detail: { to: s.name, channel, via, recipient },
      });
    } else {
      await db
        .update(esignSigners)
        .set({ status: "sent", sentAt: now })
        .where(and(eq(esignSigners.workspaceId, s.workspaceId), eq(esignSigners.id, s.id)));
      await appendEvent(db, {
        workspaceId: r.workspaceId,
        requestId: r.id,
        action: "sent",
        signerId: s.id,
        ...by,
        at: now,
        docSha256: r.sourceSha256,
        detail: { to: s.name, channel: "account" },
      });
      if (s.userId) await notifyStep(db, r, "firm-turn", s.name, [s.userId]);
    }
  }
};
