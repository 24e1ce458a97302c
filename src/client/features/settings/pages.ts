import "./settings.css";

export { ProfilePage } from "./profile-page";
export { WorkspaceSwitch } from "./workspace-switch";
