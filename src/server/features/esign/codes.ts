import { and, desc, eq } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import type { Db } from "../../db/client";
import { esignEvents, esignSigners } from "../../db/tables";
import {
  CODE_MAX_TRIES,
  CODE_RESEND_MS,
  CODE_TTL_MS,
  type EsignDeps,
  type Origin,
  SESSION_TTL_MS,
} from "./deps";
import { notifyStep, sendCode } from "./notify";
import { invalid, type Link, resolveLink } from "./public";
import { maskRecipient, newCode, newToken, sameHash, sha256 } from "./secrets";
import { appendEvent } from "./trail";

/**
 * What a code is for at this link: signing while the request is in flight and the signer has not
 * acted, or fetching the sealed PDF once it is completed (the signer may come back after their
 * session ended, or on another device). Anything else is the dead link's 404 or "already done".
 */
const purposeOf = ({ r, s }: Link): "sign" | "download" => {
  if (r.status === "completed") return "download";
  if (r.status !== "sent") throw invalid();
  if (s.status !== "sent") throw new AppError(409, "esign.errors.alreadyDone");
  return "sign";
};

/** The document a step is about: the sealed file once there is one. */
const docOf = (link: Link) => link.r.sealedSha256 ?? link.r.sourceSha256;

/**
 * How the code being confirmed reached the signer, from the trail's last code-sent entry: their
 * e-mail or SMS transport, or "outbox" (no transport: the firm's Outbox handed it on, so the firm
 * could have read it). The certificate page says which.
 */
const codeRoute = async (db: Db, s: Link["s"]) => {
  const [last] = await db
    .select({ detail: esignEvents.detail })
    .from(esignEvents)
    .where(
      and(
        eq(esignEvents.workspaceId, s.workspaceId),
        eq(esignEvents.requestId, s.requestId),
        eq(esignEvents.signerId, s.id),
        eq(esignEvents.action, "code-sent"),
      ),
    )
    .orderBy(desc(esignEvents.seq))
    .limit(1);
  const via = (last?.detail as { via?: unknown } | undefined)?.via;
  return via === "outbox" ? "outbox" : s.email ? "email" : "sms";
};

/** Sends a fresh 6-digit code (an earlier one stops working); at most one a minute per link. */
export const requestCode = (
  db: Db,
  deps: EsignDeps,
  token: string,
  origin: Origin,
  now = new Date(),
) =>
  db.transaction(async (tx) => {
    const link = await resolveLink(tx, token, now, true);
    const purpose = purposeOf(link);
    const { r, s } = link;
    if (
      s.codeExpiresAt &&
      s.codeExpiresAt.getTime() - CODE_TTL_MS + CODE_RESEND_MS > now.getTime()
    ) {
      const seconds = Math.ceil(
        (s.codeExpiresAt.getTime() - CODE_TTL_MS + CODE_RESEND_MS - now.getTime()) / 1000,
      );
      // The page (reloaded, or another tab) learns the wait and that a code is out: it shows the code box.
      throw new AppError(429, "esign.errors.codeTooSoon", {
        params: { seconds },
        data: {
          resendAfterSeconds: seconds,
          maskedRecipient: maskRecipient(s.email ?? s.mobile ?? ""),
        },
      });
    }
    const code = newCode();
    await tx
      .update(esignSigners)
      .set({
        codeHash: sha256(`${s.id}:${code}`),
        codeExpiresAt: new Date(now.getTime() + CODE_TTL_MS),
      })
      .where(and(eq(esignSigners.workspaceId, s.workspaceId), eq(esignSigners.id, s.id)));
    const { channel, via, recipient } = await sendCode(tx, deps, r, s, code, purpose);
    await appendEvent(tx, {
      workspaceId: r.workspaceId,
      requestId: r.id,
      action: "code-sent",
      signerId: s.id,
      actorName: s.name,
      ...origin,
      at: now,
      docSha256: docOf(link),
      detail: { channel, via, recipient, ...(purpose === "sign" ? {} : { purpose }) },
    });
    return {
      maskedRecipient: maskRecipient(s.email ?? s.mobile ?? ""),
      resendAfterSeconds: CODE_RESEND_MS / 1000,
    };
  });

/**
 * Checks a code. A wrong one is counted and recorded (committed even though the answer is an
 * error); the fifth kills the link for good and tells the sender. A right one opens a session.
 * After completion the signer's own record (signed, verified when) stays as the certificate
 * page printed it: a download code only opens a session.
 */
export const verifyCode = async (
  db: Db,
  token: string,
  code: string,
  origin: Origin,
  now = new Date(),
) => {
  const outcome = await db.transaction(async (tx) => {
    const link = await resolveLink(tx, token, now, true);
    const purpose = purposeOf(link);
    const { r, s } = link;
    if (!s.codeHash || !s.codeExpiresAt || s.codeExpiresAt <= now)
      return { error: new AppError(400, "esign.errors.codeExpired") };
    const ev = {
      workspaceId: r.workspaceId,
      requestId: r.id,
      signerId: s.id,
      actorName: s.name,
      ...origin,
      at: now,
      docSha256: docOf(link),
    };
    const detail = purpose === "sign" ? {} : { purpose };
    const where = and(eq(esignSigners.workspaceId, s.workspaceId), eq(esignSigners.id, s.id));
    if (!sameHash(s.codeHash, sha256(`${s.id}:${code}`))) {
      const tries = s.codeTries + 1;
      await appendEvent(tx, { ...ev, action: "code-failed", detail: { ...detail, tries } });
      if (tries >= CODE_MAX_TRIES) {
        const dead = { codeTries: tries, tokenHash: null, codeHash: null, sessionHash: null };
        await tx
          .update(esignSigners)
          .set(purpose === "sign" ? { ...dead, status: "locked" } : dead)
          .where(where);
        await appendEvent(tx, { ...ev, action: "locked", detail: { ...detail, tries } });
        await notifyStep(tx, r, "locked", s.name);
        return { error: new AppError(423, "esign.errors.locked") };
      }
      await tx.update(esignSigners).set({ codeTries: tries }).where(where);
      return {
        error: new AppError(400, "esign.errors.wrongCode", {
          params: { left: CODE_MAX_TRIES - tries },
          data: { triesLeft: CODE_MAX_TRIES - tries },
        }),
      };
    }
    const session = newToken();
    // The code is spent: the one-a-minute rule guards codes not yet used, so the owner of the
    // address may ask for the next (say, to download on another device) at once.
    const opened = {
      codeHash: null,
      codeExpiresAt: null,
      codeTries: 0,
      sessionHash: sha256(session),
      sessionExpiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    };
    await tx
      .update(esignSigners)
      .set(
        purpose === "sign"
          ? { ...opened, verifiedAt: now, verifiedBy: await codeRoute(tx, s) }
          : opened,
      )
      .where(where);
    await appendEvent(tx, { ...ev, action: "code-verified", detail });
    return { session };
  });
  if ("error" in outcome && outcome.error) throw outcome.error;
  return outcome.session as string;
};
