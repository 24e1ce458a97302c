/** What other features and the app may use of auth; everything else is internal. */
export { hashPassword, verifyPassword } from "./passwords";
export { authDepsOf, authPlugin } from "./plugin";
export { login } from "./service";
export type { AuthDeps } from "./service";
export { AUTH_CHANNEL, createSessionStore } from "./session-store";
export type { AuthChange, SessionStore } from "./session-store";
export { SESSION_AUDIENCE, TICKET_AUDIENCE, UPLOAD_AUDIENCE, createTokenSigner } from "./tokens";
export type { TokenSigner } from "./tokens";
export { getLoginUserInfo } from "./user-info";
