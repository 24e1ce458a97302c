import { and, count, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from "drizzle-orm";

import {
  memberDepartments,
  users,
  workflowCc,
  workflowDefinitions,
  workflowInstances,
  workflowTasks,
} from "../../db/tables";
import { type ListQuery, pageOf, pageWithTotal } from "../../lib/list-query";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { isUuid } from "../../lib/tenant-guard";
import { type StepNamer, stepNamer } from "./step-names";
import { withLocalTitles } from "./title";

/** Only firm admins see every approval: the seed grants `read` to all staff to open the centre. */
export const canReadAll = (ctx: RequestCtx) => ctx.ability.can("manage", "WORKFLOW_INSTANCE");

const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);

/** The filters every tab offers: kind, definition, status, initiator, submitted range, keyword. */
const instanceFilters = (q: ListQuery): (SQL | undefined)[] => {
  const i = workflowInstances;
  const from = str(q.submittedAt_gte);
  const to = str(q.submittedAt_lte);
  const statuses = (Array.isArray(q.status) ? q.status : [q.status]).filter(
    (v): v is string => typeof v === "string" && v !== "",
  );
  return [
    str(q.kind) ? eq(i.kind, str(q.kind) as string) : undefined,
    str(q.definitionId) ? eq(i.definitionId, str(q.definitionId) as string) : undefined,
    statuses.length ? inArray(i.status, statuses) : undefined,
    str(q.initiatorId) ? eq(i.initiatorId, str(q.initiatorId) as string) : undefined,
    str(q.initiatorDepartmentId)
      ? sql`${i.initiatorId} in (select ${memberDepartments.userId} from ${memberDepartments} where ${memberDepartments.workspaceId} = ${i.workspaceId} and ${memberDepartments.departmentId} = ${q.initiatorDepartmentId})`
      : undefined,
    from && !Number.isNaN(Date.parse(from)) ? gte(i.submittedAt, new Date(from)) : undefined,
    to && !Number.isNaN(Date.parse(to)) ? lte(i.submittedAt, new Date(to)) : undefined,
    // The stored text, or the title's values (names, numbers) for a reader of the other language.
    str(q.q)
      ? or(ilike(i.title, like(q.q)), sql`(${i.titleI18n}->'params')::text ilike ${like(q.q)}`)
      : undefined,
  ];
};

const like = (q: unknown) => `%${String(q).replace(/[%_\\]/g, "\\$&")}%`;

const instanceColumns = {
  instanceId: workflowInstances.id,
  serial: workflowInstances.serial,
  title: workflowInstances.title,
  titleI18n: workflowInstances.titleI18n,
  kind: workflowInstances.kind,
  status: workflowInstances.status,
  definitionId: workflowInstances.definitionId,
  definitionName: workflowDefinitions.name,
  initiatorId: workflowInstances.initiatorId,
  initiatorName: users.name,
  submittedAt: workflowInstances.submittedAt,
  finishedAt: workflowInstances.finishedAt,
};

/** Tasks whose instance passes the filters; no join at all when there are none (the common case). */
const taskFilter = (q: ListQuery) => {
  const filters = instanceFilters(q).filter(Boolean);
  if (filters.length === 0) return undefined;
  const matching = sql`select ${workflowInstances.id} from ${workflowInstances} where ${and(...filters)}`;
  return sql`${workflowTasks.instanceId} in (${matching})`;
};

/**
 * Pending tab: my pending tasks (approval, handler, add-sign, transferred to me, resubmit), newest
 * first. The page of tasks comes from the partial pending index first and only those rows are
 * joined: joining first made the planner walk every instance of the firm.
 */
export const findPending = async (ctx: RequestCtx, q: ListQuery) => {
  const t = workflowTasks;
  const where = inWorkspace(
    ctx,
    t,
    eq(t.assigneeId, ctx.userId),
    eq(t.status, "pending"),
    taskFilter(q),
  );
  const { offset, limit } = pageOf(q);
  const { rows: page, total } = await pageWithTotal(
    ctx.db
      .select({ id: t.id })
      .from(t)
      .where(where)
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(limit)
      .offset(offset),
    () => ctx.db.select({ total: count() }).from(t).where(where),
    { offset, limit },
  );
  if (page.length === 0) return { rows: [], total };
  const rows = await ctx.db
    .select({
      ...instanceColumns,
      taskId: t.id,
      nodeId: t.nodeId,
      nodeName: t.nodeName,
      taskKind: t.kind,
      receivedAt: t.createdAt,
    })
    .from(t)
    .innerJoin(
      workflowInstances,
      and(eq(workflowInstances.workspaceId, t.workspaceId), eq(workflowInstances.id, t.instanceId)),
    )
    .innerJoin(
      workflowDefinitions,
      and(
        eq(workflowDefinitions.workspaceId, t.workspaceId),
        eq(workflowDefinitions.id, workflowInstances.definitionId),
      ),
    )
    .innerJoin(users, eq(users.id, workflowInstances.initiatorId))
    .where(
      inWorkspace(
        ctx,
        t,
        inArray(
          t.id,
          page.map((p) => p.id),
        ),
      ),
    );
  const order = new Map(page.map((p, i) => [p.id, i]));
  rows.sort((a, b) => (order.get(a.taskId) ?? 0) - (order.get(b.taskId) ?? 0));
  const named = await stepNamer(
    ctx,
    rows.map((r) => r.instanceId),
  );
  return {
    rows: withLocalTitles(ctx, rows).map((r) => ({
      ...r,
      definitionName: named.flow(r.instanceId, r.definitionName),
      nodeName: named(r.instanceId, r.nodeId, r.nodeName),
    })),
    total,
  };
};

/** The open tasks (node and people) of some instances: "current nodes and assignees". */
const currentSteps = async (ctx: RequestCtx, instanceIds: string[], named: StepNamer) => {
  if (instanceIds.length === 0)
    return new Map<string, { nodeName: string; assigneeName: string }[]>();
  const rows = await ctx.db
    .select({
      instanceId: workflowTasks.instanceId,
      nodeId: workflowTasks.nodeId,
      nodeName: workflowTasks.nodeName,
      assigneeName: users.name,
    })
    .from(workflowTasks)
    .innerJoin(users, eq(users.id, workflowTasks.assigneeId))
    .where(
      inWorkspace(
        ctx,
        workflowTasks,
        inArray(workflowTasks.instanceId, instanceIds),
        inArray(workflowTasks.status, ["pending", "waiting"]),
      ),
    );
  const out = new Map<string, { nodeName: string; assigneeName: string }[]>();
  for (const r of rows) {
    out.set(r.instanceId, [
      ...(out.get(r.instanceId) ?? []),
      { nodeName: named(r.instanceId, r.nodeId, r.nodeName), assigneeName: r.assigneeName },
    ]);
  }
  return out;
};

const listInstances = async (ctx: RequestCtx, q: ListQuery, scope: SQL | undefined) => {
  const i = workflowInstances;
  const where = and(inWorkspace(ctx, i, scope), ...instanceFilters(q)) as SQL;
  const { offset, limit } = pageOf(q);
  const { rows, total } = await pageWithTotal(
    ctx.db
      .select(instanceColumns)
      .from(i)
      .innerJoin(
        workflowDefinitions,
        and(
          eq(workflowDefinitions.workspaceId, i.workspaceId),
          eq(workflowDefinitions.id, i.definitionId),
        ),
      )
      .innerJoin(users, eq(users.id, i.initiatorId))
      .where(where)
      .orderBy(desc(i.submittedAt), desc(i.id))
      .limit(limit)
      .offset(offset),
    () => ctx.db.select({ total: count() }).from(i).where(where),
    { offset, limit },
  );
  const named = await stepNamer(
    ctx,
    rows.map((r) => r.instanceId),
  );
  const steps = await currentSteps(
    ctx,
    rows.map((r) => r.instanceId),
    named,
  );
  return {
    rows: withLocalTitles(ctx, rows).map((r) => ({
      ...r,
      definitionName: named.flow(r.instanceId, r.definitionName),
      current: steps.get(r.instanceId) ?? [],
    })),
    total,
  };
};

/** Initiated by me: every status, with current nodes and assignees. */
export const findInitiated = (ctx: RequestCtx, q: ListQuery) =>
  listInstances(ctx, q, eq(workflowInstances.initiatorId, ctx.userId));

/** All approvals: the whole firm for admins, otherwise what I started, hold tasks in or am CC'd on. */
export const findAll = (ctx: RequestCtx, q: ListQuery) => {
  if (canReadAll(ctx)) return listInstances(ctx, q, undefined);
  const i = workflowInstances;
  const mine = or(
    eq(i.initiatorId, ctx.userId),
    sql`exists (select 1 from ${workflowTasks} t where t.workspace_id = ${i.workspaceId} and t.instance_id = ${i.id} and t.assignee_id = ${ctx.userId})`,
    sql`exists (select 1 from ${workflowCc} c where c.workspace_id = ${i.workspaceId} and c.instance_id = ${i.id} and c.user_id = ${ctx.userId})`,
  );
  return listInstances(ctx, q, mine);
};

/** Handled: one row per instance where I closed a task myself, with my latest action. */
export const findHandled = async (ctx: RequestCtx, q: ListQuery) => {
  const { offset, limit } = pageOf(q);
  const mine = sql`select distinct on (t.instance_id) t.instance_id, t.status as my_action, t.closed_at as acted_at, t.node_id, t.node_name
    from ${workflowTasks} t
    where t.workspace_id = ${ctx.workspaceId} and t.assignee_id = ${ctx.userId} and t.auto is null and t.kind <> 'submit'
      and t.status in ('accepted', 'rejected', 'returned', 'transferred')
    order by t.instance_id, t.closed_at desc`;
  const filters = and(...instanceFilters(q)) ?? sql`true`;
  const base = sql`from (${mine}) h join ${workflowInstances} on ${workflowInstances.workspaceId} = ${ctx.workspaceId} and ${workflowInstances.id} = h.instance_id where ${filters}`;
  const page = await ctx.db.execute(
    sql`select h.instance_id as "instanceId", h.my_action as "myAction", h.acted_at as "actedAt", h.node_id as "nodeId", h.node_name as "nodeName" ${base} order by h.acted_at desc limit ${limit} offset ${offset}`,
  );
  const counted = await ctx.db.execute(sql`select count(*)::int as total ${base}`);
  const handled = (
    page as unknown as {
      rows: {
        instanceId: string;
        myAction: string;
        actedAt: string;
        nodeId: string;
        nodeName: string;
      }[];
    }
  ).rows;
  const total = (counted as unknown as { rows: { total: number }[] }).rows[0]?.total ?? 0;
  const detail = await listInstances(
    ctx,
    { _start: 0, _end: handled.length },
    handled.length
      ? inArray(
          workflowInstances.id,
          handled.map((h) => h.instanceId),
        )
      : sql`false`,
  );
  const byId = new Map(detail.rows.map((r) => [r.instanceId, r]));
  const named = await stepNamer(
    ctx,
    handled.map((h) => h.instanceId),
  );
  const rows = handled.flatMap((h) => {
    const r = byId.get(h.instanceId);
    return r
      ? [
          {
            ...r,
            myAction: h.myAction,
            actedAt: new Date(h.actedAt),
            nodeName: named(h.instanceId, h.nodeId, h.nodeName),
          },
        ]
      : [];
  });
  return { rows, total };
};

/** CC'd to me: read and unread, newest CC first. */
export const findCc = async (ctx: RequestCtx, q: ListQuery) => {
  const c = workflowCc;
  const unread =
    q.isRead === "false"
      ? eq(c.isRead, false)
      : q.isRead === "true"
        ? eq(c.isRead, true)
        : undefined;
  const where = and(
    inWorkspace(ctx, c, eq(c.userId, ctx.userId), unread),
    ...instanceFilters(q),
  ) as SQL;
  const { offset, limit } = pageOf(q);
  const from = () =>
    ctx.db
      .select({ ...instanceColumns, ccId: c.id, isRead: c.isRead, ccAt: c.ccAt, nodeId: c.nodeId })
      .from(c)
      .innerJoin(
        workflowInstances,
        and(
          eq(workflowInstances.workspaceId, c.workspaceId),
          eq(workflowInstances.id, c.instanceId),
        ),
      )
      .innerJoin(
        workflowDefinitions,
        and(
          eq(workflowDefinitions.workspaceId, c.workspaceId),
          eq(workflowDefinitions.id, workflowInstances.definitionId),
        ),
      )
      .innerJoin(users, eq(users.id, workflowInstances.initiatorId));
  const { rows, total } = await pageWithTotal(
    from().where(where).orderBy(desc(c.ccAt), desc(c.id)).limit(limit).offset(offset),
    () =>
      ctx.db
        .select({ total: count() })
        .from(c)
        .innerJoin(
          workflowInstances,
          and(
            eq(workflowInstances.workspaceId, c.workspaceId),
            eq(workflowInstances.id, c.instanceId),
          ),
        )
        .where(where),
    { offset, limit },
  );
  const named = await stepNamer(
    ctx,
    rows.map((r) => r.instanceId),
  );
  return {
    rows: withLocalTitles(ctx, rows).map((r) => ({
      ...r,
      definitionName: named.flow(r.instanceId, r.definitionName),
    })),
    total,
  };
};

/** Badges: my pending tasks and unread CCs. */
export const countBadges = async (ctx: RequestCtx) => {
  const [[{ pending }], [{ ccUnread }]] = await Promise.all([
    ctx.db
      .select({ pending: count() })
      .from(workflowTasks)
      .where(
        inWorkspace(
          ctx,
          workflowTasks,
          eq(workflowTasks.assigneeId, ctx.userId),
          eq(workflowTasks.status, "pending"),
        ),
      ),
    ctx.db
      .select({ ccUnread: count() })
      .from(workflowCc)
      .where(
        inWorkspace(
          ctx,
          workflowCc,
          eq(workflowCc.userId, ctx.userId),
          eq(workflowCc.isRead, false),
        ),
      ),
  ]);
  return { pending, ccUnread };
};

/**
 * Next pending after the task just handled, in the Pending tab's order (received, newest first):
 * the next older row, else the newest, else none (the client shows the congratulation).
 */
export const nextPending = async (ctx: RequestCtx, q: ListQuery) => {
  const after = isUuid(q.after) ? q.after : undefined;
  const { rows } = await findPending(ctx, { ...q, _start: 0, _end: 200 });
  const open = rows.filter((r) => r.taskId !== after);
  if (open.length === 0) return { task: null };
  if (!after) return { task: open[0] };
  const [ref] = await ctx.db
    .select({ at: workflowTasks.createdAt })
    .from(workflowTasks)
    .where(inWorkspace(ctx, workflowTasks, eq(workflowTasks.id, after)));
  const older = ref ? open.find((r) => r.receivedAt.getTime() <= ref.at.getTime()) : undefined;
  return { task: older ?? open[0] };
};
