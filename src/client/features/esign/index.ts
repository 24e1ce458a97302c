export { EsignTab } from "./esign-tab";
