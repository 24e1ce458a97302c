import type { FastifyInstance, FastifyRequest } from "fastify";

import { AppError } from "../../../shared/errors";
import type { TokenSigner } from "../../lib/tokens";
import { bodyInfo, sendBody } from "../documents";
import type { BlobStore } from "../documents";
import { issueTicket, TICKET_CACHE_CONTROL, ticketQuerySchema, ticketTarget } from "../documents";
import { getFileBody } from "../documents";
import type { RequestCtx } from "../../lib/request-ctx";
import { getInstanceDetail } from "./detail";
import { fileParams, fileQuery, fileTicketBody } from "./schemas";

type FileRoute = { Params: { id: string; fileId: string } };
export type ApprovalFileDeps = { store: BlobStore; tokens: TokenSigner; ticketTtlSeconds: number };

/** The file, if the caller may see it on this approval (the detail's `files` are what they may see). */
const visibleFile = async (ctx: RequestCtx, instanceId: string, fileId: string) => {
  const detail = await getInstanceDetail(ctx, instanceId);
  if (!(fileId in detail.files)) throw new AppError(404, "errors.documents.fileNotFound");
  const { file, version } = await getFileBody(ctx, fileId);
  return bodyInfo(file, version);
};

/**
 * An approval's attachments, for anyone who may open the approval (document rights are not
 * needed: a finance approver must see the invoice attached to the request). The browser opens
 * them by ticket (documents/tickets.ts), so a large file streams to disk and a PDF previews in
 * an iframe; GET …/files/:fileId with a Bearer token stays for API clients.
 */
export async function approvalFileRoutes(
  app: FastifyInstance,
  { deps }: { deps: ApprovalFileDeps },
) {
  const config = { permission: "member" as const, tenantTable: "workflow_instances" };

  app.get<FileRoute & { Querystring: { inline?: boolean } }>(
    "/instances/:id/files/:fileId",
    {
      schema: { params: fileParams, querystring: fileQuery },
      config,
      compress: false,
    },
    async (req, reply) =>
      sendBody(
        req,
        reply,
        deps.store,
        await visibleFile(req.ctx, req.params.id, req.params.fileId),
        req.query.inline === true,
      ),
  );

  app.post<FileRoute & { Body: { inline?: boolean } }>(
    "/instances/:id/files/:fileId/ticket",
    {
      schema: { params: fileParams, body: fileTicketBody },
      config,
    },
    async (req) => {
      await visibleFile(req.ctx, req.params.id, req.params.fileId);
      const target = {
        kind: "approvalFile" as const,
        id: req.params.id,
        fileId: req.params.fileId,
        inline: req.body?.inline === true,
      };
      return issueTicket(req.ctx, deps.tokens, deps.ticketTtlSeconds, target);
    },
  );

  app.get<FileRoute & { Querystring: { ticket: string } }>(
    "/instances/:id/files/:fileId/download",
    {
      schema: { params: fileParams, querystring: ticketQuerySchema },
      // Stored bytes as they are: Range offsets and the ETag describe them, not a re-encoding.
      compress: false,
      config: { ...config, credential: "ticket" as const },
    },
    async (req: FastifyRequest<FileRoute>, reply) => {
      const target = ticketTarget(req, "approvalFile", req.params.id);
      // A ticket opens the one file it names, not another of the same approval.
      if (target.fileId !== req.params.fileId) throw new AppError(401, "errors.ticketInvalid");
      const body = await visibleFile(req.ctx, req.params.id, req.params.fileId);
      return sendBody(req, reply, deps.store, body, target.inline === true, TICKET_CACHE_CONTROL);
    },
  );
}
