import {
  BookOutlined,
  ContainerOutlined,
  InboxOutlined,
  ReadOutlined,
  SwapOutlined,
} from "@ant-design/icons";
import { lazy } from "react";

import type { AppRoute } from "../../routing/route-types";
import { ARCHIVE_SUBJECT } from "./api";

const pages = () => import("./pages");
const VolumesPage = lazy(() => pages().then((m) => ({ default: m.VolumesPage })));
const VolumePage = lazy(() => pages().then((m) => ({ default: m.VolumePage })));
const CataloguePage = lazy(() => pages().then((m) => ({ default: m.CataloguePage })));
const LoansPage = lazy(() => pages().then((m) => ({ default: m.LoansPage })));
const ArchiveSettingsPage = lazy(() => pages().then((m) => ({ default: m.ArchiveSettingsPage })));
const READ = { action: "read", subject: ARCHIVE_SUBJECT } as const;

/** Archive (档案): the volumes being assembled and archived, the catalogue to borrow from, loans. */
export const archiveRoutes: AppRoute[] = [
  {
    path: "/archive",
    meta: { ...READ, title: "archiveUi.menu.group" },
    menu: { icon: <ContainerOutlined /> },
    children: [
      { path: "", index: true, landing: true, meta: { ...READ, title: "archiveUi.menu.group" } },
      {
        path: "volumes",
        component: VolumesPage,
        meta: { ...READ, title: "archiveUi.titles.volumes" },
        menu: { icon: <BookOutlined />, label: "archiveUi.menu.volumes" },
      },
      {
        path: "volumes/:id",
        component: VolumePage,
        meta: {
          ...READ,
          title: "archiveUi.titles.volume",
          navActiveLink: "/archive/volumes",
          isDetail: true,
        },
      },
      {
        path: "catalogue",
        component: CataloguePage,
        meta: { ...READ, title: "archiveUi.titles.catalogue" },
        menu: { icon: <ReadOutlined />, label: "archiveUi.menu.catalogue" },
      },
      {
        path: "loans",
        component: LoansPage,
        meta: { ...READ, title: "archiveUi.titles.loans" },
        menu: { icon: <SwapOutlined />, label: "archiveUi.menu.loans" },
      },
    ],
  },
];

/** Below Settings: the archive number, the due months and the retention per case type. */
export const archiveSettingsRoutes: AppRoute[] = [
  {
    path: "archive",
    component: ArchiveSettingsPage,
    meta: { action: "update", subject: ARCHIVE_SUBJECT, title: "archiveUi.settings.title" },
    menu: { icon: <InboxOutlined />, label: "archiveUi.settings.title" },
  },
];
