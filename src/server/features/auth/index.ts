/** What other features and the app may use of auth; everything else is internal. */
export { hashPassword, verifyPassword } from "./passwords";
export { authDepsOf, authPlugin } from "./plugin";
export { login } from "./service";
export type { AuthDeps, LoginResult } from "./service";
export { confirmSignInEnrolment, startSignInEnrolment, verifySignIn } from "./two-factor/sign-in";
export { qrSvgOf } from "./two-factor/totp";
export { DEMO_SECRET_PREFIX } from "./two-factor/secrets";
export { getLoginUserInfo } from "./user-info";
