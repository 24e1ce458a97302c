import { INVALID_NAME_CHARS } from "../../shared/name-rules";
import { api } from "./api";
import { showToast } from "../layout/toast";

const BLANKS = /[\s\u00a0\u3000]+/g;

/**
 * Attachment names follow the document store's rules, but a scanner's "Invoice March.pdf"
 * should not be refused for its spaces: blanks and forbidden characters become "_".
 */
export const safeName = (name: string) =>
  [...name.replace(BLANKS, "_")]
    .map((c) => ((INVALID_NAME_CHARS as readonly string[]).includes(c) ? "_" : c))
    .join("");

/** "a.pdf" -> "a-2.pdf": the next name to try when the folder already holds one. */
export const numbered = (name: string, n: number) => {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? `${name.slice(0, dot)}-${n}${name.slice(dot)}` : `${name}-${n}`;
};

/**
 * The few document calls Refine's data hooks cannot make: uploads with progress, and download
 * or preview links. They go through the app's axios instance, so Lang and Bearer are the same.
 */
export const getUploadToken = async () => {
  const { token } = await api.get<{ token: string }>("/user-service/user/get-up-token");
  return token;
};

export type UploadFields = { folderId?: string | null; relativePath?: string };

/** A file row as the upload routes answer it. */
export type UploadedFile = { id: string; name: string };

/**
 * Sends one file as the raw request body (POST /documents/files/raw, or a file's
 * /versions/raw), its name and place in the query: no multipart encoding, so the browser streams
 * the file from disk and XHR reports the upload's progress. Answers what the route returns (the
 * created rows, or the file with its new version).
 */
export const uploadOne = async <T = UploadedFile[]>(
  file: File,
  fields: UploadFields,
  token: string,
  onProgress: (percent: number) => void,
  url = "/documents/files/raw",
) =>
  api.post<T>(url, file, {
    params: {
      name: file.name,
      relativePath: fields.relativePath,
      folderId: fields.folderId ?? undefined,
    },
    headers: { "Content-Type": "application/octet-stream", "X-Upload-Token": token },
    // The row shows the server's reason itself; no toast per failed file.
    skipErrorHandler: true,
    timeout: 0,
    onUploadProgress: (e) => onProgress(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
  });

export type TicketFor =
  | { folderId: string }
  | { fileId: string; version?: number; inline?: boolean }
  /** A file attached to an approval, opened through the approval's rights. */
  | { instanceId: string; fileId: string; inline?: boolean }
  /** An archive volume's merged PDF, opened through the volume's rights. */
  | { volumeId: string; inline?: boolean };

const ticketCall = (target: TicketFor): [url: string, body: Record<string, unknown>] => {
  if ("folderId" in target) return [`/documents/folders/${target.folderId}/ticket`, {}];
  if ("volumeId" in target)
    return [`/archive-volumes/${target.volumeId}/merged-pdf/ticket`, { inline: target.inline }];
  if ("instanceId" in target)
    return [
      `/workflow/instances/${target.instanceId}/files/${target.fileId}/ticket`,
      { inline: target.inline },
    ];
  return [
    `/documents/files/${target.fileId}/ticket`,
    { inline: target.inline, version: target.version },
  ];
};

/**
 * A short-lived same-origin link to a file (or a folder's zip) that the browser can open by
 * itself: the Bearer token never goes into a URL, the ticket in it dies within a minute.
 */
export const ticketUrl = async (target: TicketFor) => {
  const [url, body] = ticketCall(target);
  const { url: link } = await api.post<{ url: string }>(url, body, { skipErrorHandler: true });
  return link;
};

/**
 * A native download: the browser streams the answer to disk with its own progress, whatever the
 * size (a 2 GB folder zip never sits in memory). Refusals (zip too large, file gone) come from
 * the ticket call and are shown as a toast.
 */
export const downloadByTicket = async (target: TicketFor) => {
  try {
    const a = document.createElement("a");
    a.href = await ticketUrl(target);
    // The server's Content-Disposition names the file; the attribute only makes it a download.
    a.download = "";
    document.body.appendChild(a);
    a.click();
    a.remove();
  } catch (err) {
    showToast({ message: (err as Error).message, color: "error", timeout: 5000 });
  }
};
