import { http } from "../../providers/http";
import { isApiError } from "../../providers/api-error";
import { showToast } from "../../layout/toast";

/**
 * The few document calls Refine's data hooks cannot make: multipart uploads with progress and
 * binary bodies. They go through the app's axios instance, so Lang and Bearer are the same.
 */
export const getUploadToken = async () => {
  const res = await http.get<{ token: string }>("/user-service/user/get-up-token");
  return res.data.token;
};

export type UploadFields = { folderId?: string | null; relativePath?: string };

export const uploadOne = async (
  file: File,
  fields: UploadFields,
  token: string,
  onProgress: (percent: number) => void,
  url = "/documents/files",
) => {
  const form = new FormData();
  if (fields.folderId) form.append("folderId", fields.folderId);
  if (fields.relativePath) form.append("relativePath", fields.relativePath);
  form.append("file", file, file.name);
  await http.post(url, form, {
    headers: { "X-Upload-Token": token },
    // The row shows the server's reason itself; no toast per failed file.
    skipErrorHandler: true,
    timeout: 0,
    onUploadProgress: (e) => onProgress(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
  });
};

/** A binary body as a Blob; an error body (JSON in a Blob) becomes the server's message. */
export const fetchBlob = async (url: string, params?: Record<string, unknown>) => {
  try {
    const res = await http.get<Blob>(url, { params, responseType: "blob", skipErrorHandler: true, timeout: 0 });
    return res.data;
  } catch (err) {
    throw new Error(await messageOf(err));
  }
};

const messageOf = async (err: unknown) => {
  const data = (err as { response?: { data?: unknown } }).response?.data;
  if (data instanceof Blob) {
    try {
      const body = JSON.parse(await data.text()) as { msg?: string };
      if (body.msg) return body.msg;
    } catch {
      // not JSON: fall through to the generic message
    }
  }
  return isApiError(err) || err instanceof Error ? err.message : String(err);
};

/** Saves a Blob under a name through a temporary same-origin object URL. */
export const saveBlob = (blob: Blob, name: string) => {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};

export const downloadTo = async (url: string, name: string) => {
  try {
    saveBlob(await fetchBlob(url), name);
  } catch (err) {
    showToast({ message: (err as Error).message, color: "error", timeout: 5000 });
  }
};
