import type { FastifyInstance } from "fastify";

import { idParams } from "../../../lib/route-schemas";
import { previewQuery } from "../schemas";
import { type PreviewDeps, previewOf, previewPdf } from "./service";

const DOC = "LAWFIRM_DOCUMENT_VIEW" as const;
type Req = { Params: { id: string }; Querystring: { version?: number } };

/**
 * GET …/files/:id/preview: a text file's decoded text, an e-mail's headers and text, or
 * `{ kind: "office" }`; GET …/files/:id/preview.pdf: an office file converted to PDF (cached).
 */
export async function previewRoutes(
  app: FastifyInstance,
  { deps, maxBytes }: { deps: PreviewDeps; maxBytes: number },
) {
  const config = { permission: ["read", DOC] as ["read", typeof DOC], tenantTable: "files" };
  app.get<Req>(
    "/files/:id/preview",
    { schema: { params: idParams, querystring: previewQuery }, config },
    (req) => previewOf(req.ctx, deps, req.params.id, req.query.version),
  );
  app.get<Req>(
    "/files/:id/preview.pdf",
    { schema: { params: idParams, querystring: previewQuery }, config },
    async (req, reply) => {
      const pdf = await previewPdf(req.ctx, deps, req.params.id, req.query.version, maxBytes);
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", "inline")
        .header("cache-control", "private, no-cache")
        .header("x-content-type-options", "nosniff")
        .send(pdf);
    },
  );
}
