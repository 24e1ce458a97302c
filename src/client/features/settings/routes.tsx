import { ControlOutlined, IdcardOutlined, SwapOutlined } from "@ant-design/icons";
import { lazy } from "react";

import { BASIC } from "../../routing/route-presets";
import type { AppRoute } from "../../routing/route-types";

const pages = () => import("./pages");
const ProfilePage = lazy(() => pages().then((m) => ({ default: m.ProfilePage })));
const WorkspaceSwitch = lazy(() => pages().then((m) => ({ default: m.WorkspaceSwitch })));
// Its own chunk: Select and Radio stay off the profile page, a common first screen.
const SettingsPage = lazy(() =>
  import("./settings-page").then((m) => ({ default: m.SettingsPage })),
);

/** Below Settings: the member's own account and preferences. */
export const accountSettingsRoutes: AppRoute[] = [
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
];
