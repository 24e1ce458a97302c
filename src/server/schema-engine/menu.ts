import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

import { type Action, declareSubject, isBuiltInSubject } from "../../shared/permissions";
import type { ResourceSchema, SchemaMenu, SchemaMenuEntry } from "../../shared/schema-vocabulary";

/** i18n namespace of a resource, as the SPA's generic pages use it: `court-contacts` -> `courtContacts`. */
const keyOf = (resource: string) =>
  resource.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

let iconNames: Set<string> | undefined;

/** The icon names @ant-design/icons ships (one module per icon), read once: a typo stops the start. */
const knownIcons = () => {
  if (!iconNames) {
    const dir = path.join(
      path.dirname(createRequire(import.meta.url).resolve("@ant-design/icons/package.json")),
      "lib",
      "icons",
    );
    iconNames = new Set(
      readdirSync(dir)
        .filter((f) => f.endsWith(".js") && f !== "index.js")
        .map((f) => f.slice(0, -3)),
    );
  }
  return iconNames;
};

/** The actions a declared subject offers follow the views it serves; delete goes with edit. */
export const menuActions = (menu: SchemaMenu): Action[] => {
  const views = new Set(menu.views);
  const actions: Action[] = ["read"];
  if (views.has("create")) actions.push("create");
  if (views.has("edit")) actions.push("update", "delete");
  if (views.has("import")) actions.push("import");
  if (views.has("export")) actions.push("export");
  return actions;
};

/**
 * Checks one schema's `x-menu` (shape already checked by ajv) and declares its subject, so role
 * rules, the role editor and the resource's routes know it. `claimed` holds the subjects earlier
 * files of this start declared. Returns the reason the schema is refused, or undefined.
 */
export const declareMenu = (
  name: string,
  schema: ResourceSchema,
  claimed: Map<string, string>,
): string | undefined => {
  const menu = schema["x-menu"];
  if (!menu) return undefined;
  if (menu.icon && !knownIcons().has(menu.icon))
    return `x-menu icon "${menu.icon}" is not an @ant-design/icons name`;
  if (isBuiltInSubject(menu.subject))
    return `x-menu subject "${menu.subject}" clashes with a built-in permission subject`;
  const owner = claimed.get(menu.subject);
  if (owner) return `x-menu subject "${menu.subject}" clashes with the subject of ${owner}`;
  if (schema["x-subject"] !== undefined && schema["x-subject"] !== menu.subject) {
    return `"x-subject" (${schema["x-subject"]}) differs from x-menu subject (${menu.subject}): give one subject`;
  }
  claimed.set(menu.subject, `${name}.schema.json`);
  schema["x-subject"] = menu.subject;
  declareSubject(menu.subject, {
    actions: menuActions(menu),
    label: menu.label ?? `${keyOf(name)}.titles.list`,
    title: schema.title,
  });
  return undefined;
};

/** The menu entries the SPA builds routes from at start (GET /api/schemas). */
export const menuEntry = (name: string, schema: ResourceSchema): SchemaMenuEntry | undefined => {
  const menu = schema["x-menu"];
  if (!menu) return undefined;
  const labels: Record<string, string> = {};
  for (const field of Object.values(schema.properties)) {
    if (field["x-label"] && field.title) labels[field["x-label"]] = field.title;
  }
  return { ...menu, resource: name, title: schema.title, labels };
};
