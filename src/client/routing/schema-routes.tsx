import { lazy, Suspense, type ComponentType } from "react";

import { declareSubject, type Action } from "../../shared/permissions";
import { humanizeKey, type MenuView, type SchemaMenuEntry } from "../../shared/schema-vocabulary";
import { i18n } from "../providers/i18n";
import { appRoutes } from "../routes";
import { flattenRoutes } from "./route-tree";
import type { AppRoute } from "./route-types";

/**
 * Screens for entities a schema declares with `x-menu` (README "Screens from the schema"): read
 * once at start from GET /api/schemas, before the router is built. Additive only: an entity a
 * hand-written route already serves (same path or same Refine resource) keeps its own screens.
 */

const pages = () => import("../schema-ui/schema-pages");
type PageName =
  "SchemaListPage" | "SchemaShowPage" | "SchemaCreatePage" | "SchemaEditPage" | "SchemaImportPage";

const page = (
  name: PageName,
  resource: string,
  basePath: string,
  views: readonly MenuView[],
): ComponentType =>
  lazy(() =>
    pages().then((m) => {
      const Page = m[name];
      return { default: () => <Page resource={resource} basePath={basePath} views={views} /> };
    }),
  );

// The whole icon set is one lazy chunk, fetched only when a schema names an icon.
const icons = () => import("@ant-design/icons");
const iconOf = (name: string) => {
  const Icon = lazy(() =>
    icons().then((m) => ({
      default: ((m as unknown as Record<string, ComponentType>)[name] ??
        (() => null)) as ComponentType,
    })),
  );
  return (
    <Suspense fallback={null}>
      <Icon />
    </Suspense>
  );
};

/** Same actions as the server's src/server/schema-engine/menu.ts: they follow the views. */
const actionsOf = (views: Set<string>): Action[] => [
  "read",
  ...(views.has("create") ? (["create"] as const) : []),
  ...(views.has("edit") ? (["update", "delete"] as const) : []),
  ...(views.has("import") ? (["import"] as const) : []),
  ...(views.has("export") ? (["export"] as const) : []),
];

const keyOf = (resource: string) =>
  resource.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** Labels fall back to the schema's titles when no locale file holds the key. */
const addFallbacks = (entry: SchemaMenuEntry, keys: string[]) => {
  const language = i18n.language;
  const put = (key: string, text: string | undefined) => {
    if (text && !i18n.exists(key)) i18n.addResource(language, "translation", key, text);
  };
  for (const key of keys) put(key, entry.title ?? entry.resource);
  for (const [key, title] of Object.entries(entry.labels)) put(key, title);
  // A group no locale names reads as words ("case-library" → "Case library"), never as its key.
  if (entry.group) put(`schemaMenu.groups.${entry.group}`, humanizeKey(entry.group));
};

const routesOf = (entry: SchemaMenuEntry, basePath: string, label: string): AppRoute[] => {
  const views = new Set(entry.views);
  const ns = keyOf(entry.resource);
  const meta = { subject: entry.subject, navActiveLink: basePath, isDetail: true } as const;
  const routes: AppRoute[] = [];
  if (views.has("list")) {
    routes.push({
      path: basePath,
      component: page("SchemaListPage", entry.resource, basePath, entry.views),
      meta: { action: "read", subject: entry.subject, title: `${ns}.titles.list` },
      menu: { label, ...(entry.icon ? { icon: iconOf(entry.icon) } : {}) },
      resource: { name: entry.resource, action: "list" },
    });
  }
  if (views.has("create"))
    routes.push({
      path: `${basePath}/new`,
      component: page("SchemaCreatePage", entry.resource, basePath, entry.views),
      meta: { ...meta, action: "create", title: `${ns}.titles.create` },
    });
  if (views.has("import"))
    routes.push({
      path: `${basePath}/import`,
      component: page("SchemaImportPage", entry.resource, basePath, entry.views),
      meta: { ...meta, action: "import", title: `${ns}.titles.import` },
    });
  if (views.has("show"))
    routes.push({
      path: `${basePath}/:id`,
      component: page("SchemaShowPage", entry.resource, basePath, entry.views),
      meta: { ...meta, action: "read", title: `${ns}.titles.show` },
    });
  if (views.has("edit"))
    routes.push({
      path: `${basePath}/:id/edit`,
      component: page("SchemaEditPage", entry.resource, basePath, entry.views),
      meta: { ...meta, action: "update", title: `${ns}.titles.edit` },
    });
  return routes;
};

/** After the business entries, before Settings (the menu's last entry) and the catch-all. */
const insertBeforeCatchAll = (...routes: AppRoute[]) => {
  const last = appRoutes.findIndex((r) => r.path === "/settings" || r.path === "*");
  appRoutes.splice(last < 0 ? appRoutes.length : last, 0, ...routes);
};

/** A group's top-level route: a hand-written one of that path if any, else a new menu group. */
const groupRoute = (group: string): AppRoute => {
  const existing = appRoutes.find((r) => r.path === `/${group}` && r.children);
  if (existing) return existing;
  const created: AppRoute = {
    path: `/${group}`,
    meta: { title: `schemaMenu.groups.${group}` },
    menu: {},
    children: [
      { path: "", index: true, landing: true, meta: { title: `schemaMenu.groups.${group}` } },
    ],
  };
  insertBeforeCatchAll(created);
  return created;
};

/** Adds the routes and menu entries of every declared entity no hand-written screen serves. */
export const addSchemaRoutes = (entries: SchemaMenuEntry[]) => {
  const taken = flattenRoutes(appRoutes);
  const sorted = [...entries].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  for (const entry of sorted) {
    const ns = keyOf(entry.resource);
    const label = entry.label ?? `${ns}.titles.list`;
    declareSubject(entry.subject, {
      actions: actionsOf(new Set(entry.views)),
      label,
      title: entry.title,
    });
    addFallbacks(entry, [
      label,
      ...["list", "show", "create", "edit", "import"].map((v) => `${ns}.titles.${v}`),
    ]);
    const fullBase = entry.group ? `/${entry.group}/${entry.resource}` : `/${entry.resource}`;
    const served = taken.some(
      (leaf) => leaf.fullPath === fullBase || leaf.route.resource?.name === entry.resource,
    );
    if (served) continue;
    if (!entry.group) {
      insertBeforeCatchAll(...routesOf(entry, fullBase, label));
      continue;
    }
    // Below a group, paths are relative to it; the detail routes still highlight the list entry.
    const parent = groupRoute(entry.group);
    const children = routesOf(entry, fullBase, label).map((r) => ({
      ...r,
      path: r.path.slice(entry.group!.length + 2),
    }));
    parent.children = [...(parent.children ?? []), ...children];
  }
};

/** GET /api/schemas once at start, beside the messages; a failure leaves only the hand-written screens. */
export const fetchSchemaMenus = async (): Promise<SchemaMenuEntry[]> => {
  try {
    const res = await fetch("/api/schemas", { headers: { Accept: "application/json" } });
    if (!res.ok) return [];
    const body = (await res.json()) as { data?: SchemaMenuEntry[] };
    return Array.isArray(body.data) ? body.data : [];
  } catch {
    // Offline or the server restarting: the page still opens; the next load tries again.
    return [];
  }
};
