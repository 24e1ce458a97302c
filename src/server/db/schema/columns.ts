import { integer, timestamp, uuid } from "drizzle-orm/pg-core";

/** created_at / updated_at: instants, always with the time zone. */
export const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * Who made and last changed a business row, and its version for optimistic locking: a stale
 * save compares the version and answers 409 instead of overwriting a colleague's edit.
 */
export const tracked = () => ({
  createdAt: now(),
  createdBy: uuid("created_by"),
  updatedAt: now(),
  updatedBy: uuid("updated_by"),
  version: integer().notNull().default(1),
});
