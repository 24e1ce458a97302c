import type { FastifyInstance } from "fastify";

import type { Definition, WorkflowKind } from "../../../shared/workflow";
import type { ListQuery } from "../../lib/list-query";
import type { RoutePermission } from "../../plugins/auth";
import { deleteDefinition, setArchived, setEnabled } from "./definition-lifecycle";
import {
  createDefinition,
  findDefinitions,
  getDefinition,
  getVersion,
  listVersions,
  publishDefinition,
  saveDraft,
} from "./definitions-service";
import {
  archivedBody,
  definitionCreateBody,
  definitionListQuery,
  draftBody,
  enabledBody,
  publishBody,
} from "./schemas";

const one = (action: "read" | "update" | "delete") => ({
  config: {
    permission: [action, "WORKFLOW_DEFINITION"] as RoutePermission,
    tenantTable: "workflow_definitions",
  },
});

/** Definitions: drafts, publishing (versions), enabling, archiving; the designer's endpoints. */
export async function workflowDefinitionRoutes(app: FastifyInstance) {
  app.get<{ Querystring: ListQuery }>(
    "/",
    {
      schema: { querystring: definitionListQuery },
      config: { permission: ["read", "WORKFLOW_DEFINITION"] },
    },
    async (req, reply) => {
      const { rows, total } = await findDefinitions(req.ctx, req.query);
      reply.header("x-total-count", total);
      return rows;
    },
  );

  app.post<{ Body: { name: string; kind: WorkflowKind; key?: string; draft?: Definition } }>(
    "/",
    {
      schema: { body: definitionCreateBody },
      config: { permission: ["create", "WORKFLOW_DEFINITION"] },
    },
    (req) => createDefinition(req.ctx, req.body),
  );

  app.get<{ Params: { id: string } }>("/:id", one("read"), (req) =>
    getDefinition(req.ctx, req.params.id),
  );

  app.get<{ Params: { id: string } }>("/:id/versions", one("read"), (req) =>
    listVersions(req.ctx, req.params.id),
  );

  app.get<{ Params: { id: string; versionId: string } }>(
    "/:id/versions/:versionId",
    one("read"),
    async (req) => {
      const row = await getVersion(req.ctx, req.params.versionId);
      if (row.definitionId !== req.params.id) return { ...row, flow: null };
      return row;
    },
  );

  app.put<{ Params: { id: string }; Body: { draft: Definition; version: number } }>(
    "/:id/draft",
    {
      schema: { body: draftBody },
      ...one("update"),
    },
    (req) => saveDraft(req.ctx, req.params.id, req.body),
  );

  app.post<{ Params: { id: string }; Body: { version: number } }>(
    "/:id/publish",
    {
      schema: { body: publishBody },
      ...one("update"),
    },
    (req) => publishDefinition(req.ctx, req.params.id, req.body),
  );

  app.post<{ Params: { id: string }; Body: { enabled: boolean; version: number } }>(
    "/:id/enabled",
    {
      schema: { body: enabledBody },
      ...one("update"),
    },
    (req) => setEnabled(req.ctx, req.params.id, req.body),
  );

  app.post<{ Params: { id: string }; Body: { archived: boolean; version: number } }>(
    "/:id/archived",
    {
      schema: { body: archivedBody },
      ...one("update"),
    },
    (req) => setArchived(req.ctx, req.params.id, req.body),
  );

  app.delete<{ Params: { id: string } }>("/:id", one("delete"), (req) =>
    deleteDefinition(req.ctx, req.params.id),
  );
}
