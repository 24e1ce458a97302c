import { timestamp } from "drizzle-orm/pg-core";

/** created_at / updated_at: instants, always with the time zone. */
export const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();
