/** The user center's face: its plugin (nothing else of it is used elsewhere). */
export { userCenterPlugin } from "./plugin";
