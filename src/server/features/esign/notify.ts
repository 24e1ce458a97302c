import { and, eq } from "drizzle-orm";

import { formatFirmTime } from "../../../shared/firm-time";
import type { Db } from "../../db/client";
import { contracts, esignSigners, users, workspaces } from "../../db/tables";
import { readFirmTimeZone } from "../../lib/firm-time";
import { translatorFor } from "../../lib/i18n";
import { createNotifications } from "../notifications";
import { isDeliverable, queueMessage } from "../messages";
import type { Channel } from "../messages";
import type { EsignDeps } from "./deps";
import { maskRecipient, newToken, sha256 } from "./secrets";

type RequestRow = {
  workspaceId: string;
  id: string;
  contractId: string;
  createdBy: string;
  expiresAt: Date;
  linkBase: string;
};
type SignerRow = typeof esignSigners.$inferSelect;

/** Both languages in one message: the counterparty has no account whose language we know. */
const bilingual = (key: string, params: Record<string, string>) =>
  `${translatorFor("zh-CN")(key, params)}\n\n${translatorFor("en")(key, params)}`;

const subjectOf = (key: string, params: Record<string, string>) =>
  `${translatorFor("zh-CN")(key, params)} / ${translatorFor("en")(key, params)}`;

export const facts = async (db: Db, r: RequestRow) => {
  const [row] = await db
    .select({
      contract: contracts.name,
      contractNo: contracts.contractNo,
      firm: workspaces.name,
      sender: users.name,
    })
    .from(contracts)
    .innerJoin(workspaces, eq(workspaces.id, contracts.workspaceId))
    .leftJoin(users, eq(users.id, r.createdBy))
    .where(and(eq(contracts.workspaceId, r.workspaceId), eq(contracts.id, r.contractId)));
  return {
    contract: row?.contract ?? "",
    contractNo: row?.contractNo ?? "",
    firm: row?.firm ?? "",
    sender: row?.sender ?? "",
  };
};

/**
 * When a link or a download stops working, on the sending firm's clock with its offset
 * ("2026-12-11 09:30 (UTC+8)"): the signer may read it anywhere, and a bare UTC date could name
 * the day after the one that ends in Beijing.
 */
const untilText = async (db: Db, workspaceId: string, at: Date) =>
  formatFirmTime(at, await readFirmTimeZone(db, workspaceId), "YYYY-MM-DD HH:mm", true);

/** What the firm may read in place of a link's token or a code: the secret itself never. */
const HIDDEN = "••••••";

/**
 * How a message to this signer travels, for the trail and the certificate: by its e-mail or SMS
 * transport, or (none configured) left in the firm's Outbox, which is no independent channel.
 */
export const deliveryOf = (deps: EsignDeps, s: SignerRow) => {
  const channel: Channel = s.email ? "email" : "sms";
  return {
    channel,
    via: isDeliverable(deps.senders, channel) ? channel : ("outbox" as const),
    recipient: maskRecipient((s.email ?? s.mobile) as string),
  };
};

/** Queues a message holding a secret: the recipient gets `params`, the firm reads it with `hidden` in place. */
const queueSecret = async (
  db: Db,
  deps: EsignDeps,
  r: RequestRow,
  s: SignerRow,
  keys: { subject: string; body: string; kind: string },
  params: Record<string, string>,
  hidden: Record<string, string>,
) => {
  const shown = { ...params, ...hidden };
  await queueMessage(db, deps, {
    workspaceId: r.workspaceId,
    channel: s.email ? "email" : "sms",
    recipient: (s.email ?? s.mobile) as string,
    subject: subjectOf(keys.subject, shown),
    body: bilingual(keys.body, shown),
    secretText: { subject: subjectOf(keys.subject, params), body: bilingual(keys.body, params) },
    kind: keys.kind,
    entity: "contracts",
    entityId: r.contractId,
  });
  return deliveryOf(deps, s);
};

/**
 * Gives a counterparty signer a fresh link (any earlier one dies: only the newest token's hash is
 * kept) and queues it to their email or mobile in the caller's transaction. Returns how it went.
 */
export const sendLink = async (
  db: Db,
  deps: EsignDeps,
  r: RequestRow,
  s: SignerRow,
  kind: "link" | "reminder",
  now: Date,
) => {
  const token = newToken();
  await db
    .update(esignSigners)
    .set({ tokenHash: sha256(token), status: "sent", sentAt: s.sentAt ?? now })
    .where(and(eq(esignSigners.workspaceId, s.workspaceId), eq(esignSigners.id, s.id)));
  const f = await facts(db, r);
  const params = {
    ...f,
    name: s.name,
    link: `${r.linkBase}/manage/esign/${token}`,
    until: await untilText(db, r.workspaceId, r.expiresAt),
  };
  const keys =
    kind === "link"
      ? { subject: "esign.messages.linkSubject", body: "esign.messages.linkBody" }
      : { subject: "esign.messages.reminderSubject", body: "esign.messages.reminderBody" };
  const delivery = await queueSecret(db, deps, r, s, { ...keys, kind: `esign.${kind}` }, params, {
    link: `${r.linkBase}/manage/esign/${HIDDEN}`,
  });
  return { token, ...delivery };
};

/** A one-time code: to sign, or (after completion) to download the sealed PDF. Returns how it went. */
export const sendCode = async (
  db: Db,
  deps: EsignDeps,
  r: RequestRow,
  s: SignerRow,
  code: string,
  purpose: "sign" | "download" = "sign",
) => {
  const f = await facts(db, r);
  const keys =
    purpose === "sign"
      ? { subject: "esign.messages.codeSubject", body: "esign.messages.codeBody" }
      : { subject: "esign.messages.downloadCodeSubject", body: "esign.messages.downloadCodeBody" };
  return queueSecret(
    db,
    deps,
    r,
    s,
    { ...keys, kind: "esign.code" },
    { ...f, code, minutes: "10" },
    { code: HIDDEN },
  );
};

/**
 * Tells each counterparty signer that the contract is complete and how to fetch the sealed PDF:
 * the link they signed with (kept, not re-issued, so the page they may still have open keeps
 * working) opens it until `until`, behind a fresh code; the verify page checks any copy.
 */
export const sendCompleted = async (
  db: Db,
  deps: EsignDeps,
  r: RequestRow,
  signers: SignerRow[],
  until: Date,
) => {
  const f = await facts(db, r);
  const untilShown = await untilText(db, r.workspaceId, until);
  for (const s of signers) {
    if (s.party !== "counterparty" || !(s.email ?? s.mobile)) continue;
    const params = {
      ...f,
      name: s.name,
      until: untilShown,
      verify: `${r.linkBase}/manage/verify`,
    };
    await queueMessage(db, deps, {
      workspaceId: r.workspaceId,
      channel: s.email ? "email" : "sms",
      recipient: (s.email ?? s.mobile) as string,
      subject: subjectOf("esign.messages.completedSubject", params),
      body: bilingual("esign.messages.completedBody", params),
      kind: "esign.completed",
      entity: "contracts",
      entityId: r.contractId,
    });
  }
};

/** Tells the sender (and, for "firm-turn", the firm signer) about a step; the live notification updates their screen. */
export const notifyStep = async (
  db: Db,
  r: RequestRow,
  step: "signed" | "declined" | "completed" | "locked" | "expired" | "firm-turn",
  who: string,
  userIds: string[] = [r.createdBy],
) => {
  const f = await facts(db, r);
  await createNotifications(
    db,
    { workspaceId: r.workspaceId, userId: null },
    {
      userIds,
      type: "esign",
      titleKey: `esign.notify.${step}`,
      params: { contract: f.contract, name: who },
      link: `/manage/contract/detail/${r.contractId}?tab=esign`,
      entity: "contracts",
      entityId: r.contractId,
    },
  );
};
