import {
  ApartmentOutlined,
  SafetyOutlined,
  TeamOutlined,
  UsergroupAddOutlined,
} from "@ant-design/icons";
import { lazy } from "react";

import { BASIC } from "../../routing/route-presets";
import type { AppRoute } from "../../routing/route-types";

const pages = () => import("./pages");
const MemberList = lazy(() => pages().then((m) => ({ default: m.MemberList })));
const DepartmentTree = lazy(() => pages().then((m) => ({ default: m.DepartmentTree })));
const RoleList = lazy(() => pages().then((m) => ({ default: m.RoleList })));
const PermissionEditor = lazy(() => pages().then((m) => ({ default: m.PermissionEditor })));
const MemberGroupList = lazy(() => pages().then((m) => ({ default: m.MemberGroupList })));

/** Below Settings: the firm's members, departments, roles and member groups. */
export const orgSettingsRoutes: AppRoute[] = [
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
];
