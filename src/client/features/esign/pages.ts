export { EsignTab } from "./esign-tab";
export { CertificatePage } from "./certificate-page";
