import { FolderOpenOutlined } from "@ant-design/icons";
import { lazy } from "react";

import type { AppRoute } from "../../routing/route-types";

const DocumentPage = lazy(() => import("./pages").then((m) => ({ default: m.DocumentPage })));

export const documentsRoutes: AppRoute[] = [
  {
    path: "/document",
    component: DocumentPage,
    meta: { action: "read", subject: "LAWFIRM_DOCUMENT_VIEW", title: "documents.titles.list" },
    menu: { icon: <FolderOpenOutlined />, label: "documents.documents" },
  },
];
