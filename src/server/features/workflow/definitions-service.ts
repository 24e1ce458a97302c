import { randomUUID } from "node:crypto";

import { asc, count, desc, eq, ilike, max, ne, type SQL } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import {
  type Definition,
  textOf,
  validateDefinition,
  WORKFLOW_KINDS,
  type WorkflowKind,
} from "../../../shared/workflow";
import { workflowDefinitions, workflowDefinitionVersions } from "../../db/tables";
import { translatorFor } from "../../lib/i18n";
import { writeAudit } from "../../lib/audit";
import { type ListQuery, orderOf, pageOf, pageWithTotal } from "../../lib/list-query";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { knownRefs, loadDirectory } from "./directory";
import { invalidFormFields } from "./form-schema";
import { starterDefinition } from "./starter";

type DefinitionRow = typeof workflowDefinitions.$inferSelect;

export type DefinitionInput = {
  name: string;
  kind: WorkflowKind;
  key?: string;
  draft?: Definition;
};
export type DraftInput = { draft: Definition; version: number };

export const ARCHIVED = () => new AppError(422, "errors.workflow.definition.archived");
const KIND_TAKEN = (kind: string) =>
  new AppError(409, "errors.workflow.definition.kindTaken", { params: { kind } });

/** What the definition list sorts by (the route's `_sort` accepts exactly these keys). */
export const DEFINITION_SORT = {
  name: workflowDefinitions.name,
  updatedAt: workflowDefinitions.updatedAt,
  kind: workflowDefinitions.kind,
};

export const findDefinitions = async (ctx: RequestCtx, q: ListQuery) => {
  const filters: (SQL | undefined)[] = [
    eq(workflowDefinitions.isArchived, q.isArchived === "true"),
  ];
  if (typeof q.kind === "string" && q.kind) filters.push(eq(workflowDefinitions.kind, q.kind));
  if (typeof q.name_like === "string" && q.name_like)
    filters.push(ilike(workflowDefinitions.name, `%${q.name_like}%`));
  const where = inWorkspace(ctx, workflowDefinitions, ...filters);
  const { offset, limit } = pageOf(q);
  const order = orderOf(q, DEFINITION_SORT, desc(workflowDefinitions.updatedAt));
  const columns = {
    id: workflowDefinitions.id,
    key: workflowDefinitions.key,
    kind: workflowDefinitions.kind,
    name: workflowDefinitions.name,
    isEnabled: workflowDefinitions.isEnabled,
    isArchived: workflowDefinitions.isArchived,
    currentVersionNo: workflowDefinitions.currentVersionNo,
    updatedAt: workflowDefinitions.updatedAt,
    version: workflowDefinitions.version,
  };
  const { rows, total } = await pageWithTotal(
    ctx.db
      .select(columns)
      .from(workflowDefinitions)
      .where(where)
      .orderBy(order)
      .limit(limit)
      .offset(offset),
    () => ctx.db.select({ total: count() }).from(workflowDefinitions).where(where),
    { offset, limit },
  );
  return { rows, total };
};

export const getDefinitionRow = async (ctx: RequestCtx, id: string): Promise<DefinitionRow> => {
  const [row] = await ctx.db
    .select()
    .from(workflowDefinitions)
    .where(inWorkspace(ctx, workflowDefinitions, eq(workflowDefinitions.id, id)));
  if (!row) throw new AppError(404, "errors.notFound");
  return row;
};

export const listVersions = (ctx: RequestCtx, definitionId: string) =>
  ctx.db
    .select({
      id: workflowDefinitionVersions.id,
      number: workflowDefinitionVersions.number,
      publishedBy: workflowDefinitionVersions.publishedBy,
      publishedAt: workflowDefinitionVersions.publishedAt,
    })
    .from(workflowDefinitionVersions)
    .where(
      inWorkspace(
        ctx,
        workflowDefinitionVersions,
        eq(workflowDefinitionVersions.definitionId, definitionId),
      ),
    )
    .orderBy(desc(workflowDefinitionVersions.number));

export const getDefinition = async (ctx: RequestCtx, id: string) => {
  const row = await getDefinitionRow(ctx, id);
  return { ...row, versions: await listVersions(ctx, id) };
};

export const assertKindFree = async (ctx: RequestCtx, kind: string, exceptId: string) => {
  if (kind === "general") return;
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(workflowDefinitions)
    .where(
      inWorkspace(
        ctx,
        workflowDefinitions,
        eq(workflowDefinitions.kind, kind),
        eq(workflowDefinitions.isEnabled, true),
        ne(workflowDefinitions.id, exceptId),
      ),
    );
  if (n > 0) throw KIND_TAKEN(kind);
};

export const createDefinition = (ctx: RequestCtx, input: DefinitionInput) =>
  ctx.db.transaction(async (tx) => {
    const key = input.key ?? `wf-${randomUUID().slice(0, 8)}`;
    const draft: Definition = {
      ...(input.draft ?? starterDefinition(input.name, input.kind)),
      key,
      name: input.name,
      kind: input.kind,
    };
    const [taken] = await tx
      .select({ id: workflowDefinitions.id })
      .from(workflowDefinitions)
      .where(inWorkspace(ctx, workflowDefinitions, eq(workflowDefinitions.key, key)));
    if (taken) throw new AppError(409, "errors.workflow.definition.keyTaken");
    const [row] = await tx
      .insert(workflowDefinitions)
      .values({
        workspaceId: ctx.workspaceId,
        key,
        kind: input.kind,
        name: input.name,
        draft,
        createdBy: ctx.userId,
        updatedBy: ctx.userId,
      })
      .returning();
    await writeAudit(tx, ctx, {
      action: "create",
      entity: "workflow_definitions",
      entityId: row.id,
      after: row,
    });
    return row;
  });

/** Saving a draft never blocks anyone: running instances use their own versions. */
export const saveDraft = (ctx: RequestCtx, id: string, input: DraftInput) =>
  ctx.db.transaction(async (tx) => {
    const before = await getDefinitionRow({ ...ctx, db: tx }, id);
    const kind = WORKFLOW_KINDS.includes(input.draft.kind) ? input.draft.kind : before.kind;
    const draft = { ...input.draft, key: before.key, kind } as Definition;
    const [after] = await tx
      .update(workflowDefinitions)
      .set({
        draft,
        name: textOf(draft.name ?? "", ctx.lang) || before.name,
        kind,
        version: before.version + 1,
        updatedAt: new Date(),
        updatedBy: ctx.userId,
      })
      .where(
        inWorkspace(
          ctx,
          workflowDefinitions,
          eq(workflowDefinitions.id, id),
          eq(workflowDefinitions.version, input.version),
        ),
      )
      .returning();
    if (!after) throw new AppError(409, "errors.staleVersion");
    if (after.isEnabled && kind !== before.kind) await assertKindFree({ ...ctx, db: tx }, kind, id);
    await writeAudit(tx, ctx, {
      action: "update",
      entity: "workflow_definitions",
      entityId: id,
      before,
      after,
    });
    return after;
  });

/** Validates the draft on the server (one validator with the designer) and freezes it as version n+1. */
export const publishDefinition = async (
  ctx: RequestCtx,
  id: string,
  input: { version: number },
) => {
  const dir = await loadDirectory(ctx.db, ctx.workspaceId);
  return ctx.db.transaction(async (tx) => {
    const before = await getDefinitionRow({ ...ctx, db: tx }, id);
    if (before.version !== input.version) throw new AppError(409, "errors.staleVersion");
    if (before.isArchived) throw ARCHIVED();
    const errors = validateDefinition(before.draft, {
      refs: knownRefs(dir),
      invalidFields: invalidFormFields,
    });
    if (errors.length > 0) {
      // `fields` (path + message in the caller's language) is what every client reads from a 422;
      // the designer maps each path back to its node or form field.
      const t = translatorFor(ctx.lang);
      const fields = errors.map((e) => ({
        field: e.path,
        message: t(`errors.${e.key}`, e.params ?? {}),
      }));
      throw new AppError(422, "errors.workflow.publish.invalid", {
        data: { errors },
        fields,
        params: { count: errors.length },
      });
    }
    const [{ top }] = await tx
      .select({ top: max(workflowDefinitionVersions.number) })
      .from(workflowDefinitionVersions)
      .where(
        inWorkspace(
          ctx,
          workflowDefinitionVersions,
          eq(workflowDefinitionVersions.definitionId, id),
        ),
      );
    const number = (top ?? 0) + 1;
    const [snapshot] = await tx
      .insert(workflowDefinitionVersions)
      .values({
        workspaceId: ctx.workspaceId,
        definitionId: id,
        number,
        flow: before.draft,
        publishedBy: ctx.userId,
        createdBy: ctx.userId,
        updatedBy: ctx.userId,
      })
      .returning();
    const enable = number === 1 ? true : before.isEnabled;
    if (enable) await assertKindFree({ ...ctx, db: tx }, before.kind, id);
    const [after] = await tx
      .update(workflowDefinitions)
      .set({
        currentVersionId: snapshot.id,
        currentVersionNo: number,
        isEnabled: enable,
        version: before.version + 1,
        updatedAt: new Date(),
        updatedBy: ctx.userId,
      })
      .where(inWorkspace(ctx, workflowDefinitions, eq(workflowDefinitions.id, id)))
      .returning();
    await writeAudit(tx, ctx, {
      action: "update",
      entity: "workflow_definitions",
      entityId: id,
      before,
      after: { ...after, published: number },
    });
    return { ...after, publishedVersion: { id: snapshot.id, number } };
  });
};

/** Versions never change, so each is read once per process. */
const versionCache = new Map<string, typeof workflowDefinitionVersions.$inferSelect>();

export const getVersion = async (
  ctx: Pick<RequestCtx, "db" | "workspaceId">,
  versionId: string,
) => {
  const cacheKey = `${ctx.workspaceId}:${versionId}`;
  const hit = versionCache.get(cacheKey);
  if (hit) return hit;
  const [row] = await ctx.db
    .select()
    .from(workflowDefinitionVersions)
    .where(
      inWorkspace(ctx, workflowDefinitionVersions, eq(workflowDefinitionVersions.id, versionId)),
    );
  if (!row) throw new AppError(404, "errors.notFound");
  versionCache.set(cacheKey, row);
  return row;
};

/** Enabled, published definitions, by kind then name: what the start page offers. */
export const enabledDefinitions = (ctx: RequestCtx) =>
  ctx.db
    .select()
    .from(workflowDefinitions)
    .where(
      inWorkspace(
        ctx,
        workflowDefinitions,
        eq(workflowDefinitions.isEnabled, true),
        eq(workflowDefinitions.isArchived, false),
      ),
    )
    .orderBy(asc(workflowDefinitions.kind), asc(workflowDefinitions.name));

export const enabledDefinitionOfKind = async (ctx: RequestCtx, kind: string) => {
  const [row] = await ctx.db
    .select()
    .from(workflowDefinitions)
    .where(
      inWorkspace(
        ctx,
        workflowDefinitions,
        eq(workflowDefinitions.kind, kind),
        eq(workflowDefinitions.isEnabled, true),
        eq(workflowDefinitions.isArchived, false),
      ),
    )
    .limit(1);
  if (!row?.currentVersionId)
    throw new AppError(422, "errors.workflow.definition.none", { params: { kind } });
  return row;
};

export const definitionByKey = async (ctx: RequestCtx, key: string) => {
  const [row] = await ctx.db
    .select()
    .from(workflowDefinitions)
    .where(
      inWorkspace(
        ctx,
        workflowDefinitions,
        eq(workflowDefinitions.key, key),
        eq(workflowDefinitions.isEnabled, true),
        eq(workflowDefinitions.isArchived, false),
      ),
    );
  if (!row?.currentVersionId)
    throw new AppError(422, "errors.workflow.definition.none", { params: { kind: key } });
  return row;
};

/** Whether new approvals may start from this definition: archived, then disabled, are refused. */
export const assertStartable = (row: DefinitionRow) => {
  if (row.isArchived) throw ARCHIVED();
  if (!row.isEnabled || !row.currentVersionId)
    throw new AppError(422, "errors.workflow.definition.disabled");
};
