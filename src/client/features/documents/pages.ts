export { DocumentPage, NoPermission } from "./document-page";
