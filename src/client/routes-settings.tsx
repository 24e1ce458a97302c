import {
  ApartmentOutlined,
  AuditOutlined,
  BookOutlined,
  CarryOutOutlined,
  ControlOutlined,
  FieldTimeOutlined,
  IdcardOutlined,
  NumberOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  SwapOutlined,
  TeamOutlined,
  UsergroupAddOutlined,
} from "@ant-design/icons";
import { lazy } from "react";

import type { AppRoute } from "./routing/route-types";
import { schemaResource } from "./schema-ui/schema-resource";

const ProfilePage = lazy(() =>
  import("./features/settings").then((m) => ({ default: m.ProfilePage })),
);
const WorkspaceSwitch = lazy(() =>
  import("./features/settings").then((m) => ({ default: m.WorkspaceSwitch })),
);
// Its own chunk: Select and Radio stay off the profile page, a common first screen.
const SettingsPage = lazy(() =>
  import("./features/settings/settings-page").then((m) => ({ default: m.SettingsPage })),
);
const org = () => import("./features/org");
const MemberList = lazy(() => org().then((m) => ({ default: m.MemberList })));
const DepartmentTree = lazy(() => org().then((m) => ({ default: m.DepartmentTree })));
const RoleList = lazy(() => org().then((m) => ({ default: m.RoleList })));
const PermissionEditor = lazy(() => org().then((m) => ({ default: m.PermissionEditor })));
const MemberGroupList = lazy(() => org().then((m) => ({ default: m.MemberGroupList })));
const DictionaryPage = lazy(() =>
  import("./features/dictionaries").then((m) => ({ default: m.DictionaryPage })),
);
const AuditLogList = lazy(() =>
  import("./features/audit").then((m) => ({ default: m.AuditLogList })),
);
const CertificatePage = lazy(() => import("./features/esign").then((m) => ({ default: m.CertificatePage })));
const CaseSettingsPage = lazy(() => import("./features/cases").then((m) => ({ default: m.CaseSettingsPage })));

const BASIC = { action: "basic", subject: "BASIC_PERMISSION" } as const;

/** The Settings group of the route table (routes.tsx): the account, the firm's organization and its admin pages. */
export const settingsRoutes: AppRoute[] = [
  { path: "", index: true, landing: true, meta: { title: "menu.settings" } },
  {
    path: "profile",
    component: ProfilePage,
    meta: { ...BASIC, title: "pages.profile.title" },
    menu: { icon: <IdcardOutlined />, label: "menu.profile" },
  },
  {
    path: "workspaces",
    component: WorkspaceSwitch,
    meta: { ...BASIC, title: "pages.workspaces.title" },
    menu: { icon: <SwapOutlined />, label: "menu.workspaces" },
  },
  {
    path: "preferences",
    component: SettingsPage,
    meta: { ...BASIC, title: "settings.menu" },
    menu: { icon: <ControlOutlined />, label: "settings.menu" },
  },
  {
    path: "members",
    component: MemberList,
    meta: { action: "read", subject: "ORG_MEMBER", title: "org.titles.members" },
    menu: { icon: <TeamOutlined />, label: "org.menu.members" },
    resource: { name: "members", action: "list" },
  },
  {
    path: "departments",
    component: DepartmentTree,
    meta: { action: "read", subject: "ORG_DEPARTMENT", title: "org.titles.departments" },
    menu: { icon: <ApartmentOutlined />, label: "org.menu.departments" },
    resource: { name: "departments", action: "list" },
  },
  {
    path: "roles",
    component: RoleList,
    meta: { action: "read", subject: "ORG_ROLE", title: "org.titles.roles" },
    menu: { icon: <SafetyOutlined />, label: "org.menu.roles" },
    resource: { name: "roles", action: "list" },
  },
  {
    path: "roles/:id/permissions",
    component: PermissionEditor,
    meta: {
      action: "update",
      subject: "ORG_ROLE",
      title: "org.titles.permissions",
      navActiveLink: "/settings/roles",
      isDetail: true,
    },
  },
  {
    path: "member-groups",
    component: MemberGroupList,
    meta: { ...BASIC, title: "org.titles.memberGroups" },
    menu: { icon: <UsergroupAddOutlined />, label: "org.menu.memberGroups" },
    resource: { name: "member-groups", action: "list" },
  },
  {
    path: "dictionaries",
    component: DictionaryPage,
    meta: { action: "read", subject: "ORG_DICTIONARY", title: "dictionaries.title" },
    menu: { icon: <BookOutlined />, label: "org.menu.dictionaries" },
    resource: { name: "dictionary-types", action: "list" },
  },
  {
    path: "case-numbers",
    component: CaseSettingsPage,
    meta: { action: "read", subject: "ORG_DICTIONARY", title: "cases.settings.title" },
    menu: { icon: <NumberOutlined />, label: "cases.settings.title" },
  },
  {
    path: "signing-certificate",
    component: CertificatePage,
    meta: { action: "manage", subject: "all", title: "esign.certificate.title" },
    menu: { icon: <SafetyCertificateOutlined />, label: "esign.certificate.title" },
  },
  ...schemaResource("holiday-days", { subject: "ORG_DICTIONARY", icon: <CarryOutOutlined />, path: "/settings/holiday-days" }),
  ...schemaResource("deadline-rules", { subject: "ORG_DICTIONARY", icon: <FieldTimeOutlined />, path: "/settings/deadline-rules" }),
  ...schemaResource("task-templates", { subject: "ORG_DICTIONARY", icon: <ProfileOutlined />, path: "/settings/task-templates" }),
  {
    path: "audit-logs",
    component: AuditLogList,
    meta: { action: "read", subject: "AUDIT_LOG", title: "pages.auditLogs.title" },
    menu: { icon: <AuditOutlined />, label: "menu.auditLogs" },
    resource: { name: "audit-logs", action: "list" },
  },
];
