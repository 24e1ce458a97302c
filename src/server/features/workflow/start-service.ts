import { AppError } from "../../../shared/errors";
import {
  formFields,
  inScope,
  permsAt,
  previewFlow,
  stripHiddenSchema,
  textOf,
} from "../../../shared/workflow";
import type { RequestCtx } from "../../lib/request-ctx";
import {
  assertStartable,
  enabledDefinitions,
  getDefinitionRow,
  getVersion,
} from "./definitions-service";
import { currentDirectory, nameOf } from "./directory";

/** Cards of the start page: enabled definitions whose initiator scope includes me, by kind. */
export const findStartable = async (ctx: RequestCtx) => {
  const [rows, dir] = await Promise.all([
    enabledDefinitions(ctx),
    currentDirectory(ctx.db, ctx.workspaceId),
  ]);
  const out = [];
  for (const row of rows) {
    if (!row.currentVersionId) continue;
    const version = await getVersion(ctx, row.currentVersionId);
    if (!inScope(dir, version.flow.start.initiators, ctx.userId)) continue;
    out.push({
      id: row.id,
      key: row.key,
      kind: row.kind,
      name: textOf(version.flow.name, ctx.lang) || row.name,
      versionNo: version.number,
    });
  }
  return out;
};

const startableVersion = async (ctx: RequestCtx, id: string) => {
  const row = await getDefinitionRow(ctx, id);
  assertStartable(row);
  const version = await getVersion(ctx, row.currentVersionId as string);
  const dir = await currentDirectory(ctx.db, ctx.workspaceId);
  if (!inScope(dir, version.flow.start.initiators, ctx.userId))
    throw new AppError(403, "errors.workflow.start.notAllowed");
  return { row, version, dir };
};

/** What the start form needs: the form with start permissions and my departments to submit from. */
export const getStartForm = async (ctx: RequestCtx, id: string) => {
  const { row, version, dir } = await startableVersion(ctx, id);
  const def = version.flow;
  const perms = permsAt(formFields(def.form), def.start.fields, true);
  return {
    id: row.id,
    kind: row.kind,
    name: textOf(def.name, ctx.lang) || row.name,
    versionNo: version.number,
    schema: stripHiddenSchema(def.form, perms),
    perms,
    departments: (dir.userDepts[ctx.userId] ?? []).map((d) => ({
      id: d,
      name: dir.departments[d]?.name ?? "",
    })),
  };
};

/** The dry run shown before submitting: who will approve each step for this very form. */
export const previewStart = async (
  ctx: RequestCtx,
  id: string,
  input: { form: Record<string, unknown>; deptId?: string },
) => {
  const { version, dir } = await startableVersion(ctx, id);
  const depts = dir.userDepts[ctx.userId] ?? [];
  const deptId = input.deptId && depts.includes(input.deptId) ? input.deptId : (depts[0] ?? null);
  const steps = previewFlow(version.flow, dir, {
    initiatorId: ctx.userId,
    initiatorDeptId: deptId,
    form: input.form,
  });
  return {
    steps: steps.map((s) => ({
      ...s,
      name: textOf(s.name, ctx.lang),
      users: s.userIds.map((u) => ({ id: u, name: nameOf(dir, u) })),
    })),
  };
};
