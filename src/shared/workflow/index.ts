export * from "./model";
export * from "./form-fields";
export * from "./conditions";
export * from "./assignees";
export * from "./tree";
export * from "./validator";
export * from "./preview";
export * from "./perms";
