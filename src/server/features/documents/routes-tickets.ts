import type { FastifyInstance } from "fastify";

import { idParams } from "../../lib/route-schemas";
import { bodyInfo, sendBody } from "./download";
import type { DocumentsDeps } from "./deps";
import { fileTicketBody } from "./schemas";
import { issueTicket, TICKET_CACHE_CONTROL, ticketQuerySchema, ticketTarget } from "./tickets";
import { getFileBody } from "./versions";
import { planFolderZip, sendFolderZip } from "./zip";

const DOC = "LAWFIRM_DOCUMENT_VIEW" as const;

type Id = { Params: { id: string } };

/**
 * Downloads and previews by URL (tickets.ts): POST …/ticket (Bearer, the usual permission) answers
 * `{url, expiresAt}`; GET …/download?ticket= streams the body or the folder zip to the browser.
 */
export async function ticketRoutes(app: FastifyInstance, { deps }: { deps: DocumentsDeps }) {
  app.post<Id & { Body: { inline?: boolean; version?: number } }>(
    "/files/:id/ticket",
    {
      schema: { params: idParams, body: fileTicketBody },
      config: { permission: ["read", DOC], tenantTable: "files" },
    },
    async (req) => {
      const { version } = await getFileBody(req.ctx, req.params.id, req.body?.version);
      const target = {
        kind: "file" as const,
        id: req.params.id,
        version: version.versionNo,
        inline: req.body?.inline === true,
      };
      return issueTicket(req.ctx, deps.tokens, deps.ticketTtlSeconds, target);
    },
  );

  app.post<Id>(
    "/folders/:id/ticket",
    { schema: { params: idParams }, config: { permission: ["read", DOC], tenantTable: "folders" } },
    async (req) => {
      // Refusals (over 2 GB, nothing of yours in it) come now, as a message on the page, rather
      // than as a failed download in the browser's download list.
      await planFolderZip(req.ctx, deps, req.params.id);
      return issueTicket(req.ctx, deps.tokens, deps.ticketTtlSeconds, {
        kind: "folder",
        id: req.params.id,
      });
    },
  );

  app.get<Id & { Querystring: { ticket: string } }>(
    "/files/:id/download",
    {
      schema: { params: idParams, querystring: ticketQuerySchema },
      // Stored bytes as they are: Range offsets and the ETag describe them, not a re-encoding.
      compress: false,
      config: { permission: ["read", DOC], tenantTable: "files", credential: "ticket" },
    },
    async (req, reply) => {
      const target = ticketTarget(req, "file", req.params.id);
      const { file, version } = await getFileBody(req.ctx, req.params.id, target.version);
      return sendBody(
        req,
        reply,
        deps.store,
        bodyInfo(file, version),
        target.inline === true,
        TICKET_CACHE_CONTROL,
      );
    },
  );

  app.get<Id & { Querystring: { ticket: string } }>(
    "/folders/:id/download",
    {
      schema: { params: idParams, querystring: ticketQuerySchema },
      // Stored bytes as they are: Range offsets and the ETag describe them, not a re-encoding.
      compress: false,
      config: { permission: ["read", DOC], tenantTable: "folders", credential: "ticket" },
    },
    async (req, reply) => {
      ticketTarget(req, "folder", req.params.id);
      // Planned again: files may have come or gone since the ticket was issued.
      return sendFolderZip(reply, deps.store, await planFolderZip(req.ctx, deps, req.params.id));
    },
  );
}
