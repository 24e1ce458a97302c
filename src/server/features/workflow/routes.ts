import type { FastifyInstance, FastifyRequest } from "fastify";

import { AppError } from "../../../shared/errors";
import type { ListQuery } from "../../lib/list-query";
import { isUuid } from "../../lib/tenant-guard";
import type { TokenSigner } from "../../lib/tokens";
import { getInstanceDetail } from "./detail";
import { readBusinessSettings, saveBusinessSettings } from "./business-settings";
import {
  type ActionBody,
  actOnInstance,
  reassignTask,
  type ReassignBody,
  type SubmitInput,
  submitInstance,
} from "./instances-service";
import {
  countBadges,
  findAll,
  findCc,
  findHandled,
  findInitiated,
  findPending,
  nextPending,
} from "./queries";
import { workflowDefinitionRoutes } from "./routes-definitions";
import { approvalFileRoutes } from "./routes-files";
import {
  actionBody,
  businessSettingsBody,
  instanceListQuery,
  nextTaskQuery,
  previewBody,
  reassignBody,
  submitBody,
} from "./schemas";
import { findStartable, getStartForm, previewStart } from "./start-service";

/** Every action carries an Idempotency-Key (a uuid made when its dialog opened). */
const idempotencyKey = (req: FastifyRequest) => {
  const key = req.headers["idempotency-key"];
  if (!isUuid(key)) throw new AppError(400, "errors.workflow.idempotency.required");
  return key;
};

const TABS = {
  pending: findPending,
  initiated: findInitiated,
  handled: findHandled,
  cc: findCc,
  all: findAll,
} as const;

export async function workflowRoutes(app: FastifyInstance, opts: { tokens: TokenSigner }) {
  await app.register(workflowDefinitionRoutes, { prefix: "/definitions" });

  app.get("/startable", { config: { permission: ["create", "WORKFLOW_INSTANCE"] } }, (req) =>
    findStartable(req.ctx),
  );

  app.get<{ Params: { id: string } }>(
    "/startable/:id",
    {
      config: { permission: ["create", "WORKFLOW_INSTANCE"], tenantTable: "workflow_definitions" },
    },
    (req) => getStartForm(req.ctx, req.params.id),
  );

  app.post<{ Params: { id: string }; Body: { form: Record<string, unknown>; deptId?: string } }>(
    "/startable/:id/preview",
    {
      schema: { body: previewBody },
      config: { permission: ["create", "WORKFLOW_INSTANCE"], tenantTable: "workflow_definitions" },
    },
    (req) => previewStart(req.ctx, req.params.id, req.body),
  );

  app.post<{ Body: SubmitInput }>(
    "/instances",
    { schema: { body: submitBody }, config: { permission: ["create", "WORKFLOW_INSTANCE"] } },
    (req) => submitInstance(req.ctx, req.body, () => idempotencyKey(req)),
  );

  for (const [tab, find] of Object.entries(TABS)) {
    app.get<{ Querystring: ListQuery }>(
      `/lists/${tab}`,
      { schema: { querystring: instanceListQuery }, config: { permission: "member" } },
      async (req, reply) => {
        const { rows, total } = await find(req.ctx, req.query);
        reply.header("x-total-count", total);
        return rows;
      },
    );
  }

  app.get("/counts", { config: { permission: "member" } }, (req) => countBadges(req.ctx));

  // Which business edits of the firm need an approval first (client changes, for now).
  app.get("/business-settings", { config: { permission: "member" } }, (req) =>
    readBusinessSettings(req.ctx),
  );
  app.put<{ Body: { accountChanges: boolean; caseChanges?: boolean } }>(
    "/business-settings",
    {
      schema: { body: businessSettingsBody },
      config: { permission: ["update", "WORKFLOW_DEFINITION"] },
    },
    (req) => saveBusinessSettings(req.ctx, req.body),
  );

  app.get<{ Querystring: ListQuery }>(
    "/tasks/next",
    { schema: { querystring: nextTaskQuery }, config: { permission: "member" } },
    (req) => nextPending(req.ctx, req.query),
  );

  app.get<{ Params: { id: string } }>(
    "/instances/:id",
    { config: { permission: "member", tenantTable: "workflow_instances" } },
    (req) => getInstanceDetail(req.ctx, req.params.id),
  );

  app.post<{ Params: { id: string }; Body: ActionBody }>(
    "/instances/:id/actions",
    {
      schema: { body: actionBody },
      config: { permission: "member", tenantTable: "workflow_instances" },
    },
    (req) => actOnInstance(req.ctx, req.params.id, req.body, idempotencyKey(req)),
  );

  // Process administrators only (checked against the instance's definition in the service).
  app.post<{ Params: { id: string }; Body: ReassignBody }>(
    "/instances/:id/reassign",
    {
      schema: { body: reassignBody },
      config: { permission: "member", tenantTable: "workflow_instances" },
    },
    (req) => reassignTask(req.ctx, req.params.id, req.body, idempotencyKey(req)),
  );

  await app.register(approvalFileRoutes, {
    deps: {
      store: app.files,
      tokens: opts.tokens,
      ticketTtlSeconds: app.config.downloadTicketTtlSeconds ?? 60,
    },
  });
}
