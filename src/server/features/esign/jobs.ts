import { and, asc, eq, lte } from "drizzle-orm";

import type { Db } from "../../db/client";
import { contracts, esignRequests, esignSigners } from "../../db/tables";
import type { EsignDeps } from "./deps";
import { signingEndedSet } from "../contracts";
import { notifyStep, sendLink } from "./notify";
import { endRequest } from "./request-ends";
import { appendEvent } from "./trail";

const DAY = 24 * 3600 * 1000;
const BATCH = 100;

/**
 * Requests past their expiry end as "expired", links dead, sender told. Each request is claimed
 * with FOR UPDATE SKIP LOCKED, so app processes running this together never expire one twice.
 */
export const expireDue = async (db: Db, now = new Date()) => {
  let done = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(esignRequests)
        .where(and(eq(esignRequests.status, "sent"), lte(esignRequests.expiresAt, now)))
        .orderBy(asc(esignRequests.expiresAt))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      for (const r of due) {
        await endRequest({ db: tx, workspaceId: r.workspaceId }, r, "expired", null, now);
        await appendEvent(tx, {
          workspaceId: r.workspaceId,
          requestId: r.id,
          action: "expired",
          actorName: "",
          at: now,
          docSha256: r.sourceSha256,
        });
        await tx
          .update(contracts)
          .set(signingEndedSet("expired", now))
          .where(and(eq(contracts.workspaceId, r.workspaceId), eq(contracts.id, r.contractId)));
        await notifyStep(tx, r, "expired", "");
      }
      return due.length;
    });
    done += n;
    if (n < BATCH) return done;
  }
};

/** Counterparty signers still to sign get a reminder with a fresh link every `remindEveryDays`. */
export const remindDue = async (db: Db, deps: EsignDeps, now = new Date()) => {
  let sent = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(esignRequests)
        .where(and(eq(esignRequests.status, "sent"), lte(esignRequests.nextRemindAt, now)))
        .orderBy(asc(esignRequests.nextRemindAt))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      for (const r of due) {
        if (r.expiresAt > now) {
          const waiting = await tx
            .select()
            .from(esignSigners)
            .where(
              and(
                eq(esignSigners.workspaceId, r.workspaceId),
                eq(esignSigners.requestId, r.id),
                eq(esignSigners.status, "sent"),
                eq(esignSigners.party, "counterparty"),
              ),
            );
          for (const s of waiting) {
            const { channel, via, recipient } = await sendLink(tx, deps, r, s, "reminder", now);
            await appendEvent(tx, {
              workspaceId: r.workspaceId,
              requestId: r.id,
              action: "reminded",
              signerId: s.id,
              actorName: "",
              at: now,
              docSha256: r.sourceSha256,
              detail: { to: s.name, channel, via, recipient },
            });
            sent += 1;
          }
        }
        const next =
          r.remindEveryDays > 0 ? new Date(now.getTime() + r.remindEveryDays * DAY) : null;
        await tx
          .update(esignRequests)
          .set({ nextRemindAt: next })
          .where(and(eq(esignRequests.workspaceId, r.workspaceId), eq(esignRequests.id, r.id)));
      }
      return due.length;
    });
    if (n < BATCH) return sent;
  }
};

export const runEsignJobs = async (db: Db, deps: EsignDeps, now = new Date()) => {
  const expired = await expireDue(db, now);
  const reminded = await remindDue(db, deps, now);
  return { expired, reminded };
};
