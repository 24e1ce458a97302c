import "./settings.css";

export { ProfilePage } from "./profile-page";
export { SettingsPage } from "./settings-page";
export { WorkspaceSwitch } from "./workspace-switch";
