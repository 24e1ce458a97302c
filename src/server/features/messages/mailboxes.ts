import { and, eq, inArray, sql } from "drizzle-orm";

import { type Language, pickLanguage } from "../../../shared/i18n-config";
import type { Db } from "../../db/client";
import { members, users } from "../../db/tables";

export type Mailbox = { email: string; lang: Language };

/**
 * Each member's e-mail in this firm and language: the member's work address, or the account's
 * own address for someone in this firm alone (a partner of two firms must not get one firm's
 * receivables at his address in the other). Disabled members get nothing.
 */
export const mailboxesOf = async (db: Db, workspaceId: string, userIds: string[]) => {
  const out = new Map<string, Mailbox>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({
      userId: members.userId,
      work: members.email,
      own: users.email,
      prefs: users.preferences,
      firms: sql<number>`(select count(*)::int from ${members} m2 where m2.user_id = ${members.userId})`,
    })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(
      and(
        eq(members.workspaceId, workspaceId),
        inArray(members.userId, [...new Set(userIds)]),
        eq(members.isEnabled, true),
      ),
    );
  for (const m of rows) {
    const email = (m.work || (m.firms === 1 ? m.own : "")).trim();
    if (email) out.set(m.userId, { email, lang: pickLanguage(m.prefs.language) });
  }
  return out;
};
