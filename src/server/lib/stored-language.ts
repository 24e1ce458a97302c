import { eq } from "drizzle-orm";

import { type Language, LANGUAGES } from "../../shared/i18n-config";
import type { Db } from "../db/client";
import { users } from "../db/tables";

/**
 * The language the account chose, when it ever stored one: signing in opens the app in it (the
 * sign-in page's own language is only that page's), and an approval's effects run in its
 * initiator's. Users are not firm data: no tenant.
 */
export const storedLanguage = async (db: Db, userId: string): Promise<Language | undefined> => {
  const [row] = await db
    .select({ preferences: users.preferences })
    .from(users)
    .where(eq(users.id, userId));
  const value = row?.preferences.language;
  return LANGUAGES.some((l) => l.code === value) ? (value as Language) : undefined;
};
