export { DocumentPage } from "./document-page";
