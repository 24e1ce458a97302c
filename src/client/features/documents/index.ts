export { documentsRoutes } from "./routes";
// What an approval's attachments show and how they are ordered, as in the document store.
export { formatSize, type Usage } from "./types";
export { sortItems } from "./upload-items";
