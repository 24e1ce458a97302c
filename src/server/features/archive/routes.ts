import type { FastifyInstance } from "fastify";

import type { ArchiveSettings, VolumeItemsInput } from "../../../shared/contracts/archive";
import { AppError } from "../../../shared/errors";
import { submitOnce } from "../workflow";
import { putItems, setQualityCard } from "./assemble";
import { retryMerge } from "./merge";
import { openVolumeOnDemand } from "./open";
import { idParams, itemsBody, listQuery, qualityCardBody, settingsBody } from "./schemas";
import { readArchiveSettings, saveArchiveSettings } from "./settings";
import { submitVolume } from "./submit";
import { logLoanOpen } from "./loan-access";
import { mergedPdfRoutes } from "./routes-pdf";
import { canReadVolume, getVolume, listVolumes, today } from "./volumes";

const SUBJECT = "LAWFIRM_ARCHIVE_VIEW" as const;
type Id = { Params: { id: string } };

const read = { permission: ["read", SUBJECT] as ["read", typeof SUBJECT] };
const write = { permission: ["update", SUBJECT] as ["update", typeof SUBJECT] };
// An :id of another firm is a 404 before the body is looked at (the tenant guard); the row
// scope of a volume is canReadVolume's, the subject itself has no own/department scopes.
const readVolume = { ...read, tenantTable: "archive_volumes" };
const writeVolume = { ...write, tenantTable: "archive_volumes" };

/**
 * Registered by the archive plugin under /api. Reading needs `read` on volumes and, per volume,
 * canReadVolume (the case's row scope, or the archivist's all); every change is the archivist's
 * (`update`). Another firm's id is a 404 like an unknown one.
 */
export async function archiveRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { status?: string; overdue?: boolean; caseId?: string } }>(
    "/archive-volumes",
    { schema: { querystring: listQuery }, config: read },
    (req) => listVolumes(req.ctx, req.query),
  );
  // A borrower's open is logged (借阅 records every one); the team's and the archivist's are not.
  app.get<Id>(
    "/archive-volumes/:id",
    { schema: { params: idParams }, config: readVolume },
    async (req) => {
      const volume = await getVolume(req.ctx, req.params.id);
      await logLoanOpen(req.ctx, volume.id, await today(req.ctx), "volume", req.ip);
      return volume;
    },
  );
  app.put<Id & { Body: VolumeItemsInput }>(
    "/archive-volumes/:id/items",
    { schema: { params: idParams, body: itemsBody }, config: writeVolume },
    (req) => putItems(req.ctx, req.params.id, req.body),
  );
  app.post<Id & { Body: { fileId: string; version: number } }>(
    "/archive-volumes/:id/quality-card",
    { schema: { params: idParams, body: qualityCardBody }, config: writeVolume },
    (req) => setQualityCard(req.ctx, req.params.id, req.body),
  );
  app.post<Id>(
    "/archive-volumes/:id/submissions",
    { schema: { params: idParams }, config: writeVolume },
    (req) => submitOnce(req, (ctx) => submitVolume(ctx, req.params.id)),
  );
  app.post<Id>(
    "/archive-volumes/:id/merge-retry",
    { schema: { params: idParams }, config: writeVolume },
    async (req) => {
      await canReadVolume(req.ctx, req.params.id);
      if (!(await retryMerge(req.ctx, req.params.id)))
        throw new AppError(409, "archive.errors.notFailed");
      return getVolume(req.ctx, req.params.id);
    },
  );
  await mergedPdfRoutes(app, readVolume);
  app.post<Id>(
    "/cases/:id/archive-volume",
    { schema: { params: idParams }, config: { ...write, tenantTable: "cases" } },
    (req) => openVolumeOnDemand(req.ctx, req.params.id),
  );
  app.get("/archive-settings", { config: read }, (req) => readArchiveSettings(req.ctx));
  app.put<{ Body: ArchiveSettings }>(
    "/archive-settings",
    { schema: { body: settingsBody }, config: write },
    (req) => saveArchiveSettings(req.ctx, req.body),
  );
}
