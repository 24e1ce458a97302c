/** All tables, one file per feature under schema/; drizzle-kit reads the same files. */
export * from "./schema/audit";
export * from "./schema/identity";
export * from "./schema/org";
export * from "./schema/documents";
export * from "./schema/dictionaries";
export * from "./schema/notifications";
export * from "./schema/accounts";
export * from "./schema/workflow";
export * from "./schema/cases";
export * from "./schema/contracts";
export * from "./schema/deadlines";
export * from "./schema/conflicts";
export * from "./schema/esign";
export * from "./schema/messages";
export * from "./schema/fees";
export * from "./schema/intake";
export * from "./schema/closing";
