import { lazy, type ReactNode } from "react";

import type { AppRoute } from "../routing/route-types";

const pages = () => import("./schema-pages");
type PageName =
  "SchemaListPage" | "SchemaCreatePage" | "SchemaEditPage" | "SchemaShowPage" | "SchemaImportPage";

const page = (name: PageName, resource: string, basePath: string) =>
  lazy(() =>
    pages().then((m) => {
      const Page = m[name];
      return { default: () => <Page resource={resource} basePath={basePath} /> };
    }),
  );

export type SchemaResourceOptions = {
  /** CASL subject of the pages; the schema's `x-subject` guards the API. */
  subject: string;
  icon?: ReactNode;
  /** Defaults to `/<resource>`. */
  path?: string;
};

const camel = (resource: string) =>
  resource.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * A whole entity screen from a schema: list (menu entry), create, show, edit and import routes,
 * all rendered by schema-ui. One line in routes.tsx: `...schemaResource("court-contacts", {...}),`.
 */
export const schemaResource = (resource: string, opts: SchemaResourceOptions): AppRoute[] => {
  const base = opts.path ?? `/${resource}`;
  const key = camel(resource);
  const detail = (action: string, title: string) => ({
    action,
    subject: opts.subject,
    title,
    navActiveLink: base,
    isDetail: true,
  });
  return [
    {
      path: base,
      component: page("SchemaListPage", resource, base),
      meta: { action: "read", subject: opts.subject, title: `${key}.titles.list` },
      menu: { icon: opts.icon, label: `${key}.${key}` },
      resource: { name: resource, action: "list" },
    },
    {
      path: `${base}/new`,
      component: page("SchemaCreatePage", resource, base),
      meta: detail("create", `${key}.titles.create`),
    },
    {
      path: `${base}/import`,
      component: page("SchemaImportPage", resource, base),
      meta: detail("import", `${key}.titles.import`),
    },
    {
      path: `${base}/:id`,
      component: page("SchemaShowPage", resource, base),
      meta: detail("read", `${key}.titles.show`),
    },
    {
      path: `${base}/:id/edit`,
      component: page("SchemaEditPage", resource, base),
      meta: detail("update", `${key}.titles.edit`),
    },
  ];
};
