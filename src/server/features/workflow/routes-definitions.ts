import type { FastifyInstance } from "fastify";

import type { Definition, WorkflowKind } from "../../../shared/workflow";
import { WORKFLOW_KINDS } from "../../../shared/workflow";
import { type ListQuery, listQuery, textFilter } from "../../lib/list-query";
import type { RoutePermission } from "../../plugins/auth";
import {
  DEFINITION_SORT,
  createDefinition,
  deleteDefinition,
  findDefinitions,
  getDefinition,
  getVersion,
  listVersions,
  publishDefinition,
  saveDraft,
  setArchived,
  setEnabled,
} from "./definitions-service";

const version = { type: "integer", minimum: 1 } as const;
const one = (action: "read" | "update" | "delete") => ({
  config: {
    permission: [action, "WORKFLOW_DEFINITION"] as RoutePermission,
    tenantTable: "workflow_definitions",
  },
});

const createBody = {
  type: "object",
  required: ["name", "kind"],
  additionalProperties: false,
  properties: {
    name: { type: "string", minLength: 1, maxLength: 100 },
    kind: { type: "string", enum: [...WORKFLOW_KINDS] },
    key: { type: "string", pattern: "^[a-z0-9][a-z0-9-]{1,62}$" },
    draft: { type: "object" },
  },
} as const;

/** Definitions: drafts, publishing (versions), enabling, archiving; the designer's endpoints. */
export async function workflowDefinitionRoutes(app: FastifyInstance) {
  app.get<{ Querystring: ListQuery }>(
    "/",
    {
      schema: {
        querystring: listQuery(Object.keys(DEFINITION_SORT), {
          isArchived: { type: "string", enum: ["true", "false"] },
          kind: textFilter,
          name_like: textFilter,
        }),
      },
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
    { schema: { body: createBody }, config: { permission: ["create", "WORKFLOW_DEFINITION"] } },
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
      schema: {
        body: {
          type: "object",
          required: ["draft", "version"],
          additionalProperties: false,
          properties: { draft: { type: "object" }, version },
        },
      },
      ...one("update"),
    },
    (req) => saveDraft(req.ctx, req.params.id, req.body),
  );

  app.post<{ Params: { id: string }; Body: { version: number } }>(
    "/:id/publish",
    {
      schema: {
        body: {
          type: "object",
          required: ["version"],
          additionalProperties: false,
          properties: { version },
        },
      },
      ...one("update"),
    },
    (req) => publishDefinition(req.ctx, req.params.id, req.body),
  );

  app.post<{ Params: { id: string }; Body: { enabled: boolean; version: number } }>(
    "/:id/enabled",
    {
      schema: {
        body: {
          type: "object",
          required: ["enabled", "version"],
          additionalProperties: false,
          properties: { enabled: { type: "boolean" }, version },
        },
      },
      ...one("update"),
    },
    (req) => setEnabled(req.ctx, req.params.id, req.body),
  );

  app.post<{ Params: { id: string }; Body: { archived: boolean; version: number } }>(
    "/:id/archived",
    {
      schema: {
        body: {
          type: "object",
          required: ["archived", "version"],
          additionalProperties: false,
          properties: { archived: { type: "boolean" }, version },
        },
      },
      ...one("update"),
    },
    (req) => setArchived(req.ctx, req.params.id, req.body),
  );

  app.delete<{ Params: { id: string } }>("/:id", one("delete"), (req) =>
    deleteDefinition(req.ctx, req.params.id),
  );
}
