export { type CustomField, registerFormField } from "./custom-fields";
export { SchemaForm } from "./schema-form";
export { SchemaImport } from "./schema-import";
export { SchemaList, PAGE_SIZES } from "./schema-list";
export { SchemaShow } from "./schema-show";
export { useResourceSchema } from "./use-schema";
