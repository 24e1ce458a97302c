/** What other features and the app may use of seals; everything else is internal. */
export { sealsPlugin } from "./plugin";
