import type { FastifyInstance } from "fastify";

import type { TaskInput, TaskPatch } from "../../../shared/contracts/tasks";
import type { ListQuery } from "../../lib/list-query";
import {
  applyBody,
  commentBody,
  createBody,
  taskDetailAnswer,
  taskListAnswer,
  taskRecordAnswer,
  tasksQuery,
  updateBody,
} from "./schemas";
import { commentTask, createTask, deleteTask, findTasks, getTask, updateTask } from "./service";
import { taskDetail } from "./detail";
import { applyTemplate, templatesForCase } from "./templates";

type Id = { Params: { id: string } };
const member = "member" as const;
const onTask = { permission: member, tenantTable: "tasks" };

/**
 * Registered in app.ts with `{ prefix: "/api" }`. Any member has tasks; which ones they see is the
 * service's rule (their own, or on a case they may read), and a task goes on a case only for
 * someone who may change that case.
 */
export async function tasksRoutes(app: FastifyInstance) {
  app.get<{ Querystring: ListQuery }>(
    "/tasks",
    {
      schema: { querystring: tasksQuery, response: taskListAnswer },
      config: { permission: member },
    },
    async (req, reply) => {
      const { rows, total } = await findTasks(req.ctx, req.query);
      reply.header("x-total-count", total);
      return rows;
    },
  );
  app.post<{ Body: TaskInput }>(
    "/tasks",
    { schema: { body: createBody, response: taskRecordAnswer }, config: { permission: member } },
    (req) => createTask(req.ctx, req.body),
  );
  // The detail answers (GET, PATCH, comment) carry author and case names for the task drawer.
  app.get<Id>(
    "/tasks/:id",
    { schema: { response: taskDetailAnswer }, config: onTask },
    async (req) => taskDetail(req.ctx, await getTask(req.ctx, req.params.id)),
  );
  app.patch<Id & { Body: TaskPatch }>(
    "/tasks/:id",
    { schema: { body: updateBody, response: taskDetailAnswer }, config: onTask },
    async (req) => taskDetail(req.ctx, await updateTask(req.ctx, req.params.id, req.body)),
  );
  app.delete<Id>("/tasks/:id", { config: onTask }, (req) => deleteTask(req.ctx, req.params.id));
  app.post<Id & { Body: { text: string } }>(
    "/tasks/:id/comments",
    { schema: { body: commentBody, response: taskDetailAnswer }, config: onTask },
    async (req) => taskDetail(req.ctx, await commentTask(req.ctx, req.params.id, req.body.text)),
  );
  app.get<Id>(
    "/cases/:id/task-templates",
    { config: { permission: ["read", "LAWFIRM_CASE_VIEW"], tenantTable: "cases" } },
    (req) => templatesForCase(req.ctx, req.params.id),
  );
  app.post<Id & { Body: { templateId: string; triggerDate: string } }>(
    "/cases/:id/apply-template",
    {
      schema: { body: applyBody },
      config: { permission: ["update", "LAWFIRM_CASE_VIEW"], tenantTable: "cases" },
    },
    (req) => applyTemplate(req.ctx, req.params.id, req.body),
  );
}
