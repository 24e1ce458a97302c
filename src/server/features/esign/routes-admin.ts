import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

import type { PrepareInput } from "../../../shared/contracts/esign";
import { AppError } from "../../../shared/errors";
import { esignRequests } from "../../db/tables";
import { inWorkspace } from "../../lib/tenant";
import { contentDisposition } from "../documents";
import { readFileBytes } from "../documents";
import {
  activeCertificate,
  certificateInfo,
  generateCertificate,
  uploadCertificate,
} from "./certificate";
import type { EsignDeps, Origin } from "./deps";
import { pdfPages } from "./pages";
import { cancelRequest } from "./request-ends";
import { contractSigning, prepareSigning, resendRequest } from "./requests";
import {
  cancelBody,
  overviewAnswer,
  pageInfoAnswer,
  prepareBody,
  signingRequestAnswer,
  uploadCertBody,
} from "./schemas";
import { downloadSealed, firmSign } from "./signing";

const SUBJECT = "LAWFIRM_CONTRACT_VIEW" as const;
type Id = { Params: { id: string } };

export const originOf = (req: FastifyRequest): Origin => ({
  ip: req.ip,
  userAgent: String(req.headers["user-agent"] ?? "").slice(0, 500),
});

/** Links point back at the app as its user reached it (or PUBLIC_URL when behind a proxy that rewrites hosts). */
export const linkBaseOf = (req: FastifyRequest, publicUrl: string | undefined) =>
  publicUrl?.replace(/\/+$/, "") ?? `${req.protocol}://${req.host}`;

const assertMayAct = (req: FastifyRequest) => {
  if (!req.ctx.ability.can("create", SUBJECT)) throw new AppError(403, "errors.forbidden");
};

export const sendPdf = (reply: FastifyReply, bytes: Buffer, name: string) =>
  reply
    .header("content-type", "application/pdf")
    .header("content-disposition", contentDisposition(name))
    .header("cache-control", "private, no-store")
    .send(bytes);

/** The signed-in side: preparing, following and ending a contract's signing, and the firm's certificate. */
export async function esignAdminRoutes(
  app: FastifyInstance,
  opts: { deps: EsignDeps; publicUrl?: string },
) {
  const { deps } = opts;
  const onContract = {
    permission: ["read", SUBJECT] as ["read", typeof SUBJECT],
    tenantTable: "contracts",
  };
  const onRequest = {
    permission: ["read", SUBJECT] as ["read", typeof SUBJECT],
    tenantTable: "esign_requests",
  };

  app.get<Id>(
    "/contracts/:id/esign",
    { schema: { response: overviewAnswer }, config: onContract },
    (req) => contractSigning(req.ctx, req.params.id),
  );
  app.post<Id & { Body: PrepareInput }>(
    "/contracts/:id/esign",
    { schema: { body: prepareBody, response: signingRequestAnswer }, config: onContract },
    (req) => {
      assertMayAct(req);
      return prepareSigning(
        req.ctx,
        deps,
        req.params.id,
        req.body,
        linkBaseOf(req, opts.publicUrl),
        originOf(req),
      );
    },
  );
  // Page sizes and images of one of the contract's PDFs, for placing fields.
  const pageFile = async (req: FastifyRequest<Id & { Params: { fileId: string } }>) => {
    const state = await contractSigning(req.ctx, req.params.id);
    const file = state.pdfFiles.find((f) => f.id === req.params.fileId);
    if (!file) throw new AppError(400, "esign.errors.notPdf");
    return readFileBytes(req.ctx, deps.store, file.id);
  };
  app.get<Id & { Params: { fileId: string } }>(
    "/contracts/:id/esign/files/:fileId/pages",
    { schema: { response: pageInfoAnswer }, config: onContract },
    async (req) => {
      const pages = await pdfPages((await pageFile(req)).bytes);
      return { pageCount: pages.length, pages };
    },
  );
  app.get<Id & { Params: { fileId: string; n: string } }>(
    "/contracts/:id/esign/files/:fileId/pages/:n",
    { config: onContract },
    async (req, reply) => {
      const file = await pageFile(req);
      const n = Number(req.params.n);
      const pages = await pdfPages(file.bytes);
      if (!Number.isInteger(n) || n < 1 || n > pages.length)
        throw new AppError(404, "errors.notFound");
      const png = await deps.renderPage(async () => file.bytes, file.sha256, n);
      return reply
        .header("content-type", "image/png")
        .header("cache-control", "private, max-age=300")
        .send(png);
    },
  );
  app.post<Id & { Body: { reason?: string } }>(
    "/esign/requests/:id/cancel",
    { schema: { body: cancelBody, response: signingRequestAnswer }, config: onRequest },
    (req) => {
      assertMayAct(req);
      return cancelRequest(req.ctx, req.params.id, req.body?.reason, originOf(req));
    },
  );
  app.post<Id>(
    "/esign/requests/:id/resend",
    { schema: { response: signingRequestAnswer }, config: onRequest },
    (req) => {
      assertMayAct(req);
      return resendRequest(
        req.ctx,
        deps,
        req.params.id,
        linkBaseOf(req, opts.publicUrl),
        originOf(req),
      );
    },
  );
  // The firm signer acts on their own turn; reading the contract is enough, the turn check is the rule.
  app.post<Id>(
    "/esign/requests/:id/firm-sign",
    {
      schema: { response: signingRequestAnswer },
      config: { permission: "member", tenantTable: "esign_requests" },
    },
    (req) => firmSign(req.ctx, deps, req.params.id, originOf(req)),
  );
  app.get<Id>("/esign/requests/:id/sealed", { config: onRequest }, async (req, reply) => {
    const out = await downloadSealed(req.ctx, deps, req.params.id, originOf(req));
    return sendPdf(reply, out.bytes, out.name);
  });
  app.get<Id>(
    "/esign/requests/:id",
    { schema: { response: overviewAnswer }, config: onRequest },
    async (req) => {
      const [r] = await req.ctx.db
        .select({ contractId: esignRequests.contractId })
        .from(esignRequests)
        .where(inWorkspace(req.ctx, esignRequests, eq(esignRequests.id, req.params.id)));
      return contractSigning(req.ctx, r.contractId);
    },
  );

  const admin = { permission: ["manage", "all"] as ["manage", "all"] };
  app.get("/esign/certificate", { config: admin }, async (req) => {
    const row = await activeCertificate(req.ctx);
    return row ? certificateInfo(row) : null;
  });
  app.post("/esign/certificate/generate", { config: admin }, async (req) =>
    certificateInfo(await generateCertificate(req.ctx, deps.secret)),
  );
  app.post<{ Body: { p12Base64: string; passphrase: string } }>(
    "/esign/certificate",
    { schema: { body: uploadCertBody }, config: admin },
    async (req) =>
      certificateInfo(
        await uploadCertificate(
          req.ctx,
          deps.secret,
          Buffer.from(req.body.p12Base64.replace(/\s+/g, ""), "base64"),
          req.body.passphrase,
        ),
      ),
  );
}
