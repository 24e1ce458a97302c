/** What other features and the app may use of documents; everything else is internal. */
export { attachFile, detachFile, listAttachments, lockFile, unlockFile } from "./attachments";
export { bodyInfo, contentDisposition, sendBody } from "./download";
export { updateFile } from "./files-service";
export { ensureFolderPath } from "./folders-service";
export { readFileBytes, storeGeneratedFile } from "./generated-files";
export { documentsPlugin } from "./plugin";
export { ConvertError, type OfficeConverter } from "./preview/convert";
export { previewKindOf } from "./preview/kinds";
export type { BlobStore } from "./storage/blob-store";
export { TICKET_CACHE_CONTROL, issueTicket, ticketQuerySchema, ticketTarget } from "./tickets";
export { getFileBody } from "./versions";
