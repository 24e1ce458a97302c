import { createHash } from "node:crypto";

import { sql } from "drizzle-orm";

import { writeAudit } from "../../lib/audit";
import type { RequestCtx } from "../../lib/request-ctx";
import type { PdfFont } from "../../lib/pdf-font";
import { reportPdf } from "./pdf";

/** The audit rows that record each exported PDF: entity and action. */
const ENTITY = "conflict_reports";
const ACTION = "export";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The PDF of a saved report, its SHA-256 recorded before it is sent: every printout can be
 * matched to the export that made it. Each export differs (pdf-lib stamps the moment it was made),
 * so each one is recorded, with who, when and the language.
 */
export const exportReportPdf = async (ctx: RequestCtx, id: string, font: PdfFont) => {
  const pdf = await reportPdf(ctx, id, font);
  const sha256 = createHash("sha256").update(pdf.bytes).digest("hex");
  await writeAudit(ctx.db, ctx, { action: ACTION, entity: ENTITY, entityId: id, after: { sha256, bytes: pdf.bytes.length, lang: ctx.lang } });
  return { ...pdf, sha256 };
};

export type PdfExport = { at: string; by: string | null; sha256: string };

/** A report's exports, newest first. */
export const listPdfExports = async (ctx: Pick<RequestCtx, "db" | "workspaceId">, id: string) =>
  rowsOf<PdfExport>(
    await ctx.db.execute(sql`select l.created_at::text as at, u.name as by, l.after->>'sha256' as sha256
      from audit_logs l left join users u on u.id = l.user_id
     where l.workspace_id = ${ctx.workspaceId} and l.entity = ${ENTITY} and l.entity_id = ${id} and l.action = ${ACTION}
     order by l.id desc`),
  );

/**
 * The latest export's SHA-256 of each row in a list of conflict_reports (correlated on the audit
 * entity index). The report's columns are named with the table: drizzle leaves them bare in a
 * one-table select, where the subquery would read them as audit_logs' own.
 */
export const lastPdfSha256 = () => {
  const report = (column: string) => sql`${sql.identifier(ENTITY)}.${sql.identifier(column)}`;
  return sql<string | null>`(select l.after->>'sha256' from audit_logs l
     where l.workspace_id = ${report("workspace_id")} and l.entity = ${ENTITY}
       and l.entity_id = ${report("id")}::text and l.action = ${ACTION} order by l.id desc limit 1)`;
};
