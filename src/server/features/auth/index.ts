/** What other features and the app may use of auth; everything else is internal. */
export { hashPassword, verifyPassword } from "./passwords";
export { authDepsOf, authPlugin } from "./plugin";
export { login } from "./service";
export type { AuthDeps } from "./service";
export { getLoginUserInfo } from "./user-info";
