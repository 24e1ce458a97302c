/** What other features and the app may use of profile; everything else is internal. */
export { profilePlugin } from "./plugin";
