import { eq, inArray, isNull } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { type Definition, formFields } from "../../../shared/workflow";
import type { Db } from "../../db/client";
import { files } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { attachFile, listAttachments, lockFile } from "../documents";

/**
 * Files on an approval live in the document store (uploaded through its usual upload route);
 * the approval references them through the documents attachment API, which also locks them:
 * what an approver saw when deciding must not vanish from the record afterwards.
 */
export const ATTACHMENT_ENTITY = "workflow_instances";

const unique = (ids: (string | undefined)[]) => [
  ...new Set(ids.filter((x): x is string => typeof x === "string" && x !== "")),
];

/** File ids held by the form's attachment fields (the field builder's "attachment" type). */
export const formFileIds = (def: Definition, form: Record<string, unknown>): string[] =>
  unique(
    formFields(def.form)
      .filter((f) => f.type === "files")
      .flatMap((f) => (Array.isArray(form[f.key]) ? (form[f.key] as unknown[]) : []))
      .map((v) => (typeof v === "string" ? v : undefined)),
  );

/** Ids in `after` that `before` did not hold: only new files are checked, linked and locked. */
export const addedIds = (before: string[], after: string[]) =>
  after.filter((id) => !before.includes(id));

/**
 * Attachments must be live files of the caller's firm that the caller may see: ones they
 * uploaded, or any when they may read the document store. Anything else is refused (422).
 */
export const assertFiles = async (
  ctx: RequestCtx,
  ids: (string | undefined)[] | undefined,
  db: Db = ctx.db,
) => {
  const wanted = unique(ids ?? []);
  if (wanted.length === 0) return;
  const readsAll = ctx.ability.can("read", "LAWFIRM_DOCUMENT_VIEW");
  const found = await db
    .select({ id: files.id })
    .from(files)
    .where(
      inWorkspace(
        ctx,
        files,
        inArray(files.id, wanted),
        isNull(files.deletedAt),
        readsAll ? undefined : eq(files.createdBy, ctx.userId),
      ),
    );
  if (found.length !== wanted.length)
    throw new AppError(422, "errors.workflow.attachments.invalid");
};

/** Links new attachments to the approval and locks them, inside the action's transaction. */
export const keepAttachments = async (
  tx: Db,
  ctx: RequestCtx,
  instance: { id: string; serial: number; title: string },
  ids: (string | undefined)[],
) => {
  const scoped = { ...ctx, db: tx };
  const label = `#${instance.serial} ${instance.title}`;
  for (const fileId of unique(ids)) {
    await attachFile(scoped, { entity: ATTACHMENT_ENTITY, entityId: instance.id, fileId });
    await lockFile(scoped, { entity: ATTACHMENT_ENTITY, entityId: instance.id, fileId, label });
  }
};

/** Name, size and type of the approval's files that `visible` names (the rest stay unseen). */
export const attachmentInfo = async (ctx: RequestCtx, instanceId: string, visible: string[]) => {
  if (visible.length === 0) return {};
  const rows = await listAttachments(ctx, { entity: ATTACHMENT_ENTITY, entityId: instanceId });
  return Object.fromEntries(
    rows
      .filter((r) => visible.includes(r.fileId))
      .map((r) => [r.fileId, { name: r.name, size: r.size, mime: r.mime }]),
  );
};
