import { BookOutlined } from "@ant-design/icons";
import { lazy } from "react";

import type { AppRoute } from "../../routing/route-types";

const DictionaryPage = lazy(() => import("./pages").then((m) => ({ default: m.DictionaryPage })));

/** Below Settings: the firm's dictionaries. */
export const dictionariesSettingsRoutes: AppRoute[] = [
  {
    path: "dictionaries",
    component: DictionaryPage,
    meta: { action: "read", subject: "ORG_DICTIONARY", title: "dictionaries.title" },
    menu: { icon: <BookOutlined />, label: "org.menu.dictionaries" },
    resource: { name: "dictionary-types", action: "list" },
  },
];
