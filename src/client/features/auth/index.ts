export { authRoutes, securitySettingsRoutes } from "./routes";
export { MemberSecurityActions } from "./member-security-actions";
