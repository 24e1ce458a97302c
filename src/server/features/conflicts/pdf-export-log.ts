import { sql } from "drizzle-orm";

import type { RequestCtx } from "../../lib/request-ctx";

/** The audit rows that record each exported PDF (pdf-exports.ts writes them): entity and action. */
export const EXPORT_ENTITY = "conflict_reports";
export const EXPORT_ACTION = "export";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type PdfExport = { at: string; by: string | null; sha256: string };

/** A report's exports, newest first. */
export const listPdfExports = async (ctx: Pick<RequestCtx, "db" | "workspaceId">, id: string) =>
  rowsOf<PdfExport>(
    await ctx.db
      .execute(sql`select l.created_at::text as at, u.name as by, l.after->>'sha256' as sha256
      from audit_logs l left join users u on u.id = l.user_id
     where l.workspace_id = ${ctx.workspaceId} and l.entity = ${EXPORT_ENTITY} and l.entity_id = ${id} and l.action = ${EXPORT_ACTION}
     order by l.id desc`),
  );

/**
 * The latest export's SHA-256 of each row in a list of conflict_reports (correlated on the audit
 * entity index). The report's columns are named with the table: drizzle leaves them bare in a
 * one-table select, where the subquery would read them as audit_logs' own.
 */
export const lastPdfSha256 = () => {
  const report = (column: string) =>
    sql`${sql.identifier(EXPORT_ENTITY)}.${sql.identifier(column)}`;
  return sql<string | null>`(select l.after->>'sha256' from audit_logs l
     where l.workspace_id = ${report("workspace_id")} and l.entity = ${EXPORT_ENTITY}
       and l.entity_id = ${report("id")}::text and l.action = ${EXPORT_ACTION} order by l.id desc limit 1)`;
};
