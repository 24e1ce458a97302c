import type { FastifyInstance } from "fastify";

import type { DocumentUsage } from "../../../shared/contracts/documents";
import { idParams } from "../../lib/route-schemas";
import {
  createFolder,
  deleteFolder,
  listFolders,
  updateFolder,
  type FolderInput,
  type FolderUpdate,
} from "./folders-service";
import type { DocumentsDeps } from "./deps";
import {
  folderBody,
  folderListAnswer,
  folderPatch,
  restoreBody,
  trashAnswer,
  usageAnswer,
} from "./schemas";
import { listTrash, restoreFromTrash, type RestoreInput } from "./trash";
import { usedBytes } from "./files-service";
import { planFolderZip, sendFolderZip } from "./zip";

const DOC = "LAWFIRM_DOCUMENT_VIEW" as const;

type Id = { Params: { id: string } };

export async function foldersRoutes(app: FastifyInstance, { deps }: { deps: DocumentsDeps }) {
  app.get(
    "/folders",
    { schema: { response: folderListAnswer }, config: { permission: ["read", DOC] } },
    (req) => listFolders(req.ctx),
  );

  app.post<{ Body: FolderInput }>(
    "/folders",
    { schema: { body: folderBody }, config: { permission: ["create", DOC] } },
    (req) => createFolder(req.ctx, req.body),
  );

  app.patch<Id & { Body: FolderUpdate }>(
    "/folders/:id",
    {
      schema: { params: idParams, body: folderPatch },
      config: { permission: ["update", DOC], tenantTable: "folders" },
    },
    (req) => updateFolder(req.ctx, req.params.id, req.body),
  );

  app.delete<Id>(
    "/folders/:id",
    {
      schema: { params: idParams },
      config: { permission: ["delete", DOC], tenantTable: "folders" },
    },
    (req) => deleteFolder(req.ctx, req.params.id),
  );

  app.get<Id>(
    "/folders/:id/zip",
    { schema: { params: idParams }, config: { permission: ["read", DOC], tenantTable: "folders" } },
    async (req, reply) =>
      sendFolderZip(reply, deps.store, await planFolderZip(req.ctx, deps, req.params.id)),
  );

  app.get(
    "/usage",
    { schema: { response: usageAnswer }, config: { permission: ["read", DOC] } },
    async (req): Promise<DocumentUsage> => ({
      usedBytes: await usedBytes(req.ctx, req.ctx.db),
      quotaBytes: deps.limits.quotaBytes,
      maxFileBytes: deps.limits.maxFileBytes,
      maxFiles: deps.limits.maxFiles,
      zipMaxBytes: deps.zipMaxBytes,
    }),
  );

  // The trash is the admin's: restoring needs the same right as deleting.
  app.get(
    "/trash",
    { schema: { response: trashAnswer }, config: { permission: ["delete", DOC] } },
    (req) => listTrash(req.ctx),
  );

  app.post<{ Body: RestoreInput }>(
    "/trash/restore",
    { schema: { body: restoreBody }, config: { permission: ["delete", DOC] } },
    (req) => restoreFromTrash(req.ctx, req.body),
  );
}
