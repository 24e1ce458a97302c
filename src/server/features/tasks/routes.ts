import type { FastifyInstance } from "fastify";

import { listQuery, type ListQuery } from "../../lib/list-query";
import { commentTask, createTask, deleteTask, findTasks, getTask, type TaskInput, updateTask } from "./service";
import { taskDetail } from "./detail";
import { applyTemplate, templatesForCase } from "./templates";

const uuid = { type: "string", format: "uuid" } as const;
const day = { type: "string", format: "date" } as const;
const title = { type: "string", minLength: 1, maxLength: 200, pattern: "\\S" } as const;
const checklist = {
  type: "array",
  maxItems: 50,
  items: { type: "object", required: ["text", "done"], additionalProperties: false, properties: { text: { type: "string", minLength: 1, maxLength: 200 }, done: { type: "boolean" } } },
} as const;
const fields = {
  title,
  // One type list, not anyOf: a plain schema the route-table walkers can fill in.
  caseId: { type: ["string", "null"], format: "uuid" },
  assigneeId: uuid,
  dueDate: { type: ["string", "null"], format: "date" },
  priority: { type: "string", enum: ["low", "normal", "high"] },
  status: { type: "string", enum: ["todo", "doing", "done"] },
  checklist,
} as const;
const createBody = { type: "object", required: ["title"], additionalProperties: false, properties: fields } as const;
const updateBody = { type: "object", required: ["version"], additionalProperties: false, properties: { ...fields, version: { type: "integer", minimum: 1 } } } as const;
const commentBody = { type: "object", required: ["text"], additionalProperties: false, properties: { text: { type: "string", minLength: 1, maxLength: 2000, pattern: "\\S" } } } as const;
const applyBody = { type: "object", required: ["templateId", "triggerDate"], additionalProperties: false, properties: { templateId: uuid, triggerDate: day } } as const;
const filter = { type: "string", maxLength: 60 } as const;
const tasksQuery = listQuery([], { mine: filter, assigneeId: uuid, caseId: uuid, status: filter, open: filter, dueBefore: day });

type Id = { Params: { id: string } };
const member = "member" as const;
const onTask = { permission: member, tenantTable: "tasks" };

/**
 * Registered in app.ts with `{ prefix: "/api" }`. Any member has tasks; which ones they see is the
 * service's rule (their own, or on a case they may read), and a task goes on a case only for
 * someone who may change that case.
 */
export async function tasksRoutes(app: FastifyInstance) {
  app.get<{ Querystring: ListQuery }>("/tasks", { schema: { querystring: tasksQuery }, config: { permission: member } }, async (req, reply) => {
    const { rows, total } = await findTasks(req.ctx, req.query);
    reply.header("x-total-count", total);
    return rows;
  });
  app.post<{ Body: TaskInput }>("/tasks", { schema: { body: createBody }, config: { permission: member } }, (req) => createTask(req.ctx, req.body));
  // The detail answers (GET, PATCH, comment) carry author and case names for the task drawer.
  app.get<Id>("/tasks/:id", { config: onTask }, async (req) => taskDetail(req.ctx, await getTask(req.ctx, req.params.id)));
  app.patch<Id & { Body: Partial<TaskInput> & { version: number } }>("/tasks/:id", { schema: { body: updateBody }, config: onTask }, async (req) =>
    taskDetail(req.ctx, await updateTask(req.ctx, req.params.id, req.body)),
  );
  app.delete<Id>("/tasks/:id", { config: onTask }, (req) => deleteTask(req.ctx, req.params.id));
  app.post<Id & { Body: { text: string } }>("/tasks/:id/comments", { schema: { body: commentBody }, config: onTask }, async (req) =>
    taskDetail(req.ctx, await commentTask(req.ctx, req.params.id, req.body.text)),
  );
  app.get<Id>("/cases/:id/task-templates", { config: { permission: ["read", "LAWFIRM_CASE_VIEW"], tenantTable: "cases" } }, (req) =>
    templatesForCase(req.ctx, req.params.id),
  );
  app.post<Id & { Body: { templateId: string; triggerDate: string } }>(
    "/cases/:id/apply-template",
    { schema: { body: applyBody }, config: { permission: ["update", "LAWFIRM_CASE_VIEW"], tenantTable: "cases" } },
    (req) => applyTemplate(req.ctx, req.params.id, req.body),
  );
}
