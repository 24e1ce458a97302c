import { AppError } from "../../../shared/errors";
import type { ResourceRegistry } from "../../schema-engine";

/** The schema-driven cases resource (schemas/cases.schema.json). */
export const casesResource = (registry: ResourceRegistry) => {
  const res = registry.get("cases");
  if (!res) throw new AppError(404, "errors.notFound");
  return res;
};
