import { CarryOutOutlined, FieldTimeOutlined, ProfileOutlined } from "@ant-design/icons";

import { archiveSettingsRoutes } from "./features/archive";
import { auditSettingsRoutes } from "./features/audit";
import { securitySettingsRoutes } from "./features/auth";
import { casesSettingsRoutes } from "./features/cases";
import { dictionariesSettingsRoutes } from "./features/dictionaries";
import { esignSettingsRoutes } from "./features/esign";
import { feesSettingsRoutes } from "./features/fees";
import { orgSettingsRoutes } from "./features/org";
import { accountSettingsRoutes } from "./features/settings";
import type { AppRoute } from "./routing/route-types";
import { schemaResource } from "./schema-ui/schema-resource";

/** The Settings group of the route table (routes.tsx): the account, the firm's organization and its admin pages. */
export const settingsRoutes: AppRoute[] = [
  { path: "", index: true, landing: true, meta: { title: "menu.settings" } },
  ...accountSettingsRoutes,
  ...securitySettingsRoutes,
  ...orgSettingsRoutes,
  ...dictionariesSettingsRoutes,
  ...casesSettingsRoutes,
  ...esignSettingsRoutes,
  ...feesSettingsRoutes,
  ...archiveSettingsRoutes,
  ...schemaResource("holiday-days", {
    subject: "ORG_DICTIONARY",
    icon: <CarryOutOutlined />,
    path: "/settings/holiday-days",
  }),
  ...schemaResource("deadline-rules", {
    subject: "ORG_DICTIONARY",
    icon: <FieldTimeOutlined />,
    path: "/settings/deadline-rules",
  }),
  ...schemaResource("task-templates", {
    subject: "ORG_DICTIONARY",
    icon: <ProfileOutlined />,
    path: "/settings/task-templates",
  }),
  ...auditSettingsRoutes,
];
