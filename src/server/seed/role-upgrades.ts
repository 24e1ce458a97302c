import { and, eq, sql } from "drizzle-orm";

import type { PermissionRule, Subject } from "../../shared/permissions";
import type { Database } from "../db/client";
import { MIGRATION_LOCK_KEY } from "../db/migrate";
import { roles, workspaces } from "../db/tables";
import { ROLE_TEMPLATES } from "./role-templates";

/**
 * Subjects added after firms already existed, whose template rules those firms' roles should
 * get once (issue 28: receivables and fee sharing). A later subject is appended here.
 */
export const UPGRADE_SUBJECTS: Subject[] = [
  "LAWFIRM_RECEIVABLE_VIEW",
  "LAWFIRM_FEE_SHARE",
  "LAWFIRM_INVOICE_VIEW",
  // Finance uploads invoice files (issue 28); roles that already name documents keep theirs.
  "LAWFIRM_DOCUMENT_VIEW",
  // Intake (issue 29): leads for partners, lawyers and assistants.
  "LAWFIRM_LEAD_VIEW",
  // Archiving (issue 29): volumes for partners (archivists), lawyers and assistants (read).
  "LAWFIRM_ARCHIVE_VIEW",
  // Reports (issue 30): partners the firm, lawyers their own figures.
  "LAWFIRM_REPORT_VIEW",
];

const names = (rule: PermissionRule) => [rule.subject].flat();

/**
 * Gives every firm's shipped roles (finance, partner, lawyer… by code) the template rules of the
 * subjects in UPGRADE_SUBJECTS that the firm has not received yet: a new firm has them from its
 * seed, an existing one would otherwise see the new screens as "not authorized" for everyone but
 * its administrators. Each firm remembers the subjects it received (workspaces.settings ->
 * 'roleSubjects'), so a rule an administrator removes later stays removed, and a role that
 * already names the subject (edited by hand) is left as it is. Runs at start under the
 * migrations' lock, so processes starting together upgrade once.
 */
export const upgradeRoleTemplates = (database: Database) =>
  database.withAdvisoryLock(MIGRATION_LOCK_KEY, () =>
    database.db.transaction(async (tx) => {
      const firms = await tx
        .select({
          id: workspaces.id,
          done: sql<Subject[] | null>`${workspaces.settings} -> 'roleSubjects'`,
        })
        .from(workspaces);
      let changed = 0;
      for (const firm of firms) {
        const done = new Set(Array.isArray(firm.done) ? firm.done : []);
        const todo = UPGRADE_SUBJECTS.filter((subject) => !done.has(subject));
        if (todo.length === 0) continue;
        for (const template of ROLE_TEMPLATES) {
          const added = template.rules.filter((rule) =>
            names(rule).some((subject) => todo.includes(subject)),
          );
          if (added.length === 0) continue;
          const [role] = await tx
            .select()
            .from(roles)
            .where(and(eq(roles.workspaceId, firm.id), eq(roles.code, template.code)));
          if (!role) continue;
          const present = new Set(role.rules.flatMap(names));
          const missing = added.filter((rule) => !names(rule).some((s) => present.has(s)));
          if (missing.length === 0) continue;
          await tx
            .update(roles)
            .set({
              rules: [...role.rules, ...missing],
              version: role.version + 1,
              updatedAt: new Date(),
            })
            .where(and(eq(roles.workspaceId, firm.id), eq(roles.id, role.id)));
          changed += 1;
        }
        await tx
          .update(workspaces)
          .set({
            settings: sql`jsonb_set(${workspaces.settings}, '{roleSubjects}', ${JSON.stringify([...done, ...todo])}::jsonb)`,
          })
          .where(eq(workspaces.id, firm.id));
      }
      return changed;
    }),
  );
