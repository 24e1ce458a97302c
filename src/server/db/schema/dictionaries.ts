import {
  boolean,
  foreignKey,
  jsonb,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { tracked } from "./columns";
import { workspaces } from "./identity";

/** A list of choices (case types, industries, …) that forms and filters read as `dict:<code>`. */
export const dictionaryTypes = pgTable(
  "dictionary_types",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    id: uuid().notNull().defaultRandom(),
    code: text().notNull(),
    nameZh: text("name_zh").notNull(),
    nameEn: text("name_en").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
    /** The standard types other features rely on: they can be edited but not deleted. */
    isSystem: boolean("is_system").notNull().default(false),
    ...tracked(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    uniqueIndex("dictionary_types_code_uq").on(t.workspaceId, t.code),
  ],
);

export const dictionaryItems = pgTable(
  "dictionary_items",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    id: uuid().notNull().defaultRandom(),
    typeId: uuid("type_id").notNull(),
    /** Stored in business rows, so it never changes once the item exists. */
    code: text().notNull(),
    labelZh: text("label_zh").notNull(),
    labelEn: text("label_en").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
    isEnabled: boolean("is_enabled").notNull().default(true),
    /**
     * What a feature needs to know of an item beyond its label: a case type's number character,
     * a filing type's workflow, pre-filing flag and validity days (features/cases/settings.ts).
     */
    attributes: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ...tracked(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    uniqueIndex("dictionary_items_code_uq").on(t.workspaceId, t.typeId, t.code),
    foreignKey({
      columns: [t.workspaceId, t.typeId],
      foreignColumns: [dictionaryTypes.workspaceId, dictionaryTypes.id],
    }).onDelete("cascade"),
  ],
);
