import type { FastifyRequest } from "fastify";

import { AppError } from "../../../shared/errors";
import type { RequestCtx } from "../../lib/request-ctx";
import { TICKET_AUDIENCE, type TokenSigner } from "../../lib/tokens";

/**
 * Download tickets. A browser can only download natively (to disk, with its own progress) or
 * show a PDF in an iframe by URL, and a URL cannot carry the Bearer header. So an authenticated
 * call asks for a ticket: a JWT of a few seconds' life naming the user, firm, sign-in and the one
 * file (version, inline or not) or folder it opens. The download routes take it as `?ticket=`
 * (credential "ticket" in plugins/auth.ts, which re-checks the session and the permission) and
 * accept it only for the id it names.
 */
export type TicketTarget =
  | { kind: "file"; id: string; version?: number; inline?: boolean }
  | { kind: "folder"; id: string }
  /** A file attached to an approval (id: the approval), opened through the approval's rights. */
  | { kind: "approvalFile"; id: string; fileId: string; inline?: boolean }
  /** An archive volume's merged PDF (id: the volume), opened through the volume's rights. */
  | { kind: "archivePdf"; id: string; inline?: boolean };

const PREFIX = "/api/documents";

/** The query of every route that takes a ticket. */
export const ticketQuerySchema = {
  type: "object",
  required: ["ticket"],
  properties: { ticket: { type: "string", minLength: 1, maxLength: 4096 } },
} as const;
/** The link holds a credential: no cache (browser or proxy) may keep the answer under it. */
export const TICKET_CACHE_CONTROL = "private, no-store";

const pathOf = (target: TicketTarget) => {
  if (target.kind === "approvalFile")
    return `/api/workflow/instances/${target.id}/files/${target.fileId}/download`;
  if (target.kind === "archivePdf") return `/api/archive-volumes/${target.id}/merged-pdf/download`;
  return target.kind === "file"
    ? `${PREFIX}/files/${target.id}/download`
    : `${PREFIX}/folders/${target.id}/download`;
};

export const signTicket = (
  tokens: TokenSigner,
  who: Pick<RequestCtx, "userId" | "workspaceId" | "sessionId">,
  target: TicketTarget,
  expiresAt: Date,
) =>
  tokens.sign(
    { sid: who.sessionId, ws: who.workspaceId, target },
    TICKET_AUDIENCE,
    who.userId,
    expiresAt,
  );

/** The link the browser opens: same origin, valid for ttlSeconds. */
export const issueTicket = async (
  ctx: RequestCtx,
  tokens: TokenSigner,
  ttlSeconds: number,
  target: TicketTarget,
) => {
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  const ticket = await signTicket(tokens, ctx, target, expiresAt);
  return {
    url: `${pathOf(target)}?ticket=${encodeURIComponent(ticket)}`,
    expiresAt: expiresAt.toISOString(),
  };
};

/**
 * What the request's ticket opens, provided it names this kind and id: a ticket for one file
 * never opens another, nor a folder. Anything else is the same 401 as a forged ticket.
 */
export function ticketTarget(
  req: FastifyRequest,
  kind: "file",
  id: string,
): Extract<TicketTarget, { kind: "file" }>;
export function ticketTarget(
  req: FastifyRequest,
  kind: "folder",
  id: string,
): Extract<TicketTarget, { kind: "folder" }>;
export function ticketTarget(
  req: FastifyRequest,
  kind: "approvalFile",
  id: string,
): Extract<TicketTarget, { kind: "approvalFile" }>;
export function ticketTarget(
  req: FastifyRequest,
  kind: "archivePdf",
  id: string,
): Extract<TicketTarget, { kind: "archivePdf" }>;
export function ticketTarget(
  req: FastifyRequest,
  kind: TicketTarget["kind"],
  id: string,
): TicketTarget {
  const target = req.ticket?.target as Partial<TicketTarget> | undefined;
  if (!target || target.kind !== kind || target.id !== id)
    throw new AppError(401, "errors.ticketInvalid");
  return target as TicketTarget;
}
