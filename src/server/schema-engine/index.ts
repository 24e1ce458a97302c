export { loadResources, SchemaError } from "./loader";
export { schemaEnginePlugin } from "./plugin";
export { recordsBinding } from "./records-binding";
export type { Resource, ResourceBinding, ResourceRegistry } from "./types";
