import { createHash } from "node:crypto";

import type { FastifyInstance, FastifyRequest } from "fastify";

import { AppError } from "../../../shared/errors";
import type { RoutePermission } from "../../plugins/auth";
import {
  TICKET_CACHE_CONTROL,
  bodyInfo,
  getFileBody,
  issueTicket,
  sendBody,
  ticketQuerySchema,
  ticketTarget,
} from "../documents";
import { logLoanOpen } from "./loan-access";
import { idParams } from "./schemas";
import { canReadVolume, today } from "./volumes";

type Id = { Params: { id: string } };
type VolumeConfig = { permission: RoutePermission; tenantTable: string };

const inlineOnly = {
  type: "object",
  additionalProperties: false,
  properties: { inline: { type: "boolean" } },
} as const;

/**
 * The whole volume as one PDF. Its bytes are hashed again first, so a changed body is refused,
 * and a borrower's open is logged. Read with the session (GET …/merged-pdf) or, so the browser
 * opens or saves it itself rather than holding it in memory, by a ticket: POST …/ticket answers a
 * short-lived link to GET …/download?ticket=.
 */
export async function mergedPdfRoutes(app: FastifyInstance, readVolume: VolumeConfig) {
  const send = async (req: FastifyRequest, id: string, inline: boolean) => {
    const volume = await canReadVolume(req.ctx, id);
    if (!volume.mergedFileId) throw new AppError(404, "archive.errors.noMergedPdf");
    const { file, version } = await getFileBody(req.ctx, volume.mergedFileId);
    const hash = createHash("sha256");
    for await (const chunk of await app.files.open(version.storageKey))
      hash.update(chunk as Buffer);
    if (hash.digest("hex") !== volume.mergedSha256)
      throw new AppError(409, "archive.errors.hashMismatch");
    await logLoanOpen(req.ctx, volume.id, await today(req.ctx), "pdf", req.ip);
    return { file, version, inline };
  };

  app.get<Id & { Querystring: { inline?: boolean } }>(
    "/archive-volumes/:id/merged-pdf",
    { schema: { params: idParams, querystring: inlineOnly }, config: readVolume, compress: false },
    async (req, reply) => {
      const { file, version } = await send(req, req.params.id, req.query.inline === true);
      return sendBody(req, reply, app.files, bodyInfo(file, version), req.query.inline === true);
    },
  );

  app.post<Id & { Body: { inline?: boolean } | undefined }>(
    "/archive-volumes/:id/merged-pdf/ticket",
    { schema: { params: idParams, body: inlineOnly }, config: readVolume },
    async (req) => {
      // Refusals (no merged PDF yet) come now, as a message on the page, not as a broken tab.
      const volume = await canReadVolume(req.ctx, req.params.id);
      if (!volume.mergedFileId) throw new AppError(404, "archive.errors.noMergedPdf");
      const ttl = app.config.downloadTicketTtlSeconds ?? 60;
      return issueTicket(req.ctx, app.tokens, ttl, {
        kind: "archivePdf",
        id: volume.id,
        inline: req.body?.inline === true,
      });
    },
  );

  app.get<Id & { Querystring: { ticket: string } }>(
    "/archive-volumes/:id/merged-pdf/download",
    {
      schema: { params: idParams, querystring: ticketQuerySchema },
      // Stored bytes as they are: Range offsets and the ETag describe them, not a re-encoding.
      compress: false,
      config: { ...readVolume, credential: "ticket" },
    },
    async (req, reply) => {
      const target = ticketTarget(req, "archivePdf", req.params.id);
      const { file, version, inline } = await send(req, req.params.id, target.inline === true);
      return sendBody(req, reply, app.files, bodyInfo(file, version), inline, TICKET_CACHE_CONTROL);
    },
  );
}
