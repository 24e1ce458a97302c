import type { FastifyInstance } from "fastify";

import type { FileUpdate } from "../../../shared/contracts/documents";
import type { ListQuery } from "../../lib/list-query";
import { idParams } from "../../lib/route-schemas";
import { bodyInfo, sendBody } from "./download";
import { deleteFile, findFiles, getFile, getFileRow, updateFile } from "./files-service";
import type { DocumentsDeps } from "./deps";
import { addFileVersion, createUploadedFiles } from "./save-uploads";
import {
  contentQuery,
  fileDetailAnswer,
  fileListAnswer,
  fileListQuery,
  filePatch,
  rawUploadQuerySchema,
  versionListAnswer,
} from "./schemas";
import { receiveUpload } from "./upload";
import { type RawUploadQuery, receiveRawUpload } from "./upload-raw";
import { assertUploadToken } from "./upload-token";
import { getFileBody, listFileVersions } from "./versions";

const DOC = "LAWFIRM_DOCUMENT_VIEW" as const;

type Id = { Params: { id: string } };

export async function filesRoutes(app: FastifyInstance, { deps }: { deps: DocumentsDeps }) {
  app.get<{ Querystring: ListQuery }>(
    "/files",
    {
      schema: { querystring: fileListQuery, response: fileListAnswer },
      config: { permission: ["read", DOC] },
    },
    async (req, reply) => {
      const { rows, total } = await findFiles(req.ctx, req.query);
      reply.header("x-total-count", total);
      return rows;
    },
  );

  app.post("/files", { config: { permission: ["create", DOC] } }, async (req) => {
    await assertUploadToken(req, deps.tokens, deps.sessions);
    const received = await receiveUpload(req, deps.store, deps.limits);
    return createUploadedFiles(req.ctx, received, deps.limits);
  });

  // The same upload as one raw body per file (upload-raw.ts): what the upload panel uses.
  app.post<{ Querystring: RawUploadQuery }>(
    "/files/raw",
    { schema: { querystring: rawUploadQuerySchema }, config: { permission: ["create", DOC] } },
    async (req, reply) => {
      await assertUploadToken(req, deps.tokens, deps.sessions);
      const received = await receiveRawUpload(req, reply, deps.store, deps.limits);
      return createUploadedFiles(req.ctx, received, deps.limits);
    },
  );

  app.get<Id>(
    "/files/:id",
    {
      schema: { params: idParams, response: fileDetailAnswer },
      config: { permission: ["read", DOC], tenantTable: "files" },
    },
    (req) => getFile(req.ctx, req.params.id),
  );

  app.patch<Id & { Body: FileUpdate }>(
    "/files/:id",
    {
      schema: { params: idParams, body: filePatch },
      config: { permission: ["update", DOC], tenantTable: "files" },
    },
    (req) => updateFile(req.ctx, req.params.id, req.body),
  );

  app.delete<Id>(
    "/files/:id",
    { schema: { params: idParams }, config: { permission: ["delete", DOC], tenantTable: "files" } },
    (req) => deleteFile(req.ctx, req.params.id),
  );

  app.get<Id & { Querystring: { inline?: boolean; version?: number } }>(
    "/files/:id/content",
    {
      schema: { params: idParams, querystring: contentQuery },
      config: { permission: ["read", DOC], tenantTable: "files" },
      // Stored bytes as they are: Range offsets and the ETag describe them, not a re-encoding.
      compress: false,
    },
    async (req, reply) => {
      const { file, version } = await getFileBody(req.ctx, req.params.id, req.query.version);
      return sendBody(req, reply, deps.store, bodyInfo(file, version), req.query.inline === true);
    },
  );

  app.get<Id>(
    "/files/:id/versions",
    {
      schema: { params: idParams, response: versionListAnswer },
      config: { permission: ["read", DOC], tenantTable: "files" },
    },
    (req) => listFileVersions(req.ctx, req.params.id),
  );

  app.post<Id>(
    "/files/:id/versions",
    { schema: { params: idParams }, config: { permission: ["update", DOC], tenantTable: "files" } },
    async (req) => {
      // Another firm's id is a 404 before anything else is looked at.
      await getFileRow(req.ctx, req.params.id);
      await assertUploadToken(req, deps.tokens, deps.sessions);
      const received = await receiveUpload(req, deps.store, { ...deps.limits, maxFiles: 1 });
      return addFileVersion(req.ctx, req.params.id, received, deps.limits);
    },
  );

  app.post<Id & { Querystring: RawUploadQuery }>(
    "/files/:id/versions/raw",
    {
      schema: { params: idParams, querystring: rawUploadQuerySchema },
      config: { permission: ["update", DOC], tenantTable: "files" },
    },
    async (req, reply) => {
      await getFileRow(req.ctx, req.params.id);
      await assertUploadToken(req, deps.tokens, deps.sessions);
      const received = await receiveRawUpload(req, reply, deps.store, deps.limits);
      return addFileVersion(req.ctx, req.params.id, received, deps.limits);
    },
  );
}
