import axios, {
  type AxiosError,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from "axios";
import qs from "qs";

import type { Envelope } from "../../shared/errors";
import { ApiError, readFields } from "../providers/api-error";
import { handleHttpFailure } from "../providers/http-errors";
import { getLanguage, i18n } from "../providers/i18n";
import { getAccessToken } from "../providers/storage";

declare module "axios" {
  interface AxiosRequestConfig {
    /** No toast and no redirect: the caller deals with the failure itself. */
    skipErrorHandler?: boolean;
    /** A 404 means the page's record is gone: show the not-found page instead of a toast. */
    isRecordPage?: boolean;
  }
}

export const API_BASE = "/api";
/** Set by the data provider's getOne so the interceptor knows a 404 is page level. */
export const RECORD_PAGE_HEADER = "X-Record-Page";

/**
 * The language and, once signed in, the Bearer token: what every call carries. Also for the one
 * request axios cannot make (the notification stream reads a streamed body).
 */
export const sessionHeaders = (): Record<string, string> => {
  const token = getAccessToken();
  return { Lang: getLanguage(), ...(token ? { Authorization: `Bearer ${token}` } : {}) };
};

/**
 * The axios instance beneath `api`: Refine's data provider sends through it, and so does a call
 * that needs the whole answer (a blob's status) rather than its data.
 */
export const http = axios.create({
  baseURL: API_BASE,
  timeout: 55_000,
  headers: { Accept: "application/json" },
  validateStatus: (status) => status >= 200 && status < 300,
  paramsSerializer: {
    serialize: (params) => qs.stringify(params, { arrayFormat: "brackets", skipNulls: true }),
  },
});

const isEnvelope = (body: unknown): body is Envelope<unknown> =>
  typeof body === "object" &&
  body !== null &&
  !Array.isArray(body) &&
  "code" in body &&
  ("data" in body || "msg" in body);

http.interceptors.request.use((config: InternalAxiosRequestConfig) => {
  // simple-rest builds URLs as `/api/<resource>`; they are already complete.
  if (config.url && (config.url === API_BASE || config.url.startsWith(`${API_BASE}/`))) {
    config.baseURL = "";
  }
  if (config.headers.has(RECORD_PAGE_HEADER)) {
    config.headers.delete(RECORD_PAGE_HEADER);
    config.isRecordPage = true;
  }
  for (const [name, value] of Object.entries(sessionHeaders())) config.headers.set(name, value);
  return config;
});

const unwrap = (response: AxiosResponse): AxiosResponse => {
  const body: unknown = response.data;
  if (!isEnvelope(body)) return response;
  // A server that answers 200 with an error code in the envelope is still an error.
  if (typeof body.code === "number" && body.code >= 400) {
    throw new ApiError({
      statusCode: body.code < 600 ? body.code : response.status,
      code: body.code,
      message: body.msg,
      fields: readFields(body.data),
    });
  }
  // Headers stay on the response: simple-rest reads the list total from x-total-count.
  return { ...response, data: body.data };
};

/** The generic client errors, for failures that never got an answer from the server. */
const CLIENT_ERROR_KEYS: Record<string, string> = {
  ERR_NETWORK: "clientErrors.network",
  ECONNABORTED: "clientErrors.aborted",
  ETIMEDOUT: "clientErrors.timeout",
  ERR_BAD_REQUEST: "clientErrors.badRequest",
  ERR_BAD_RESPONSE: "clientErrors.badResponse",
  ERR_CANCELED: "clientErrors.canceled",
};

const clientErrorMessage = (code: string | undefined) =>
  i18n.t(CLIENT_ERROR_KEYS[code ?? ""] ?? "clientErrors.network");

const toApiError = (error: unknown): ApiError => {
  if (error instanceof ApiError) return error;
  if (axios.isCancel(error)) {
    return new ApiError({
      statusCode: 0,
      code: 0,
      message: clientErrorMessage("ERR_CANCELED"),
      isCancelled: true,
    });
  }
  const axiosError = error as AxiosError<unknown>;
  const response = axiosError.response;
  if (!response) {
    return new ApiError({ statusCode: 0, code: 0, message: clientErrorMessage(axiosError.code) });
  }
  const body = response.data;
  const envelope = isEnvelope(body) ? body : null;
  return new ApiError({
    statusCode: response.status,
    code: typeof envelope?.code === "number" ? envelope.code : response.status,
    message: envelope?.msg || response.statusText || String(response.status),
    fields: readFields(envelope?.data),
  });
};

http.interceptors.response.use(
  (response) => {
    try {
      return unwrap(response);
    } catch (error) {
      const apiError = toApiError(error);
      if (!response.config.skipErrorHandler) handleHttpFailure(apiError, response.config);
      return Promise.reject(apiError);
    }
  },
  (error: unknown) => {
    const apiError = toApiError(error);
    const config = (error as AxiosError).config;
    if (!config?.skipErrorHandler) handleHttpFailure(apiError, config);
    return Promise.reject(apiError);
  },
);

/** What a call may set beside its URL and body: axios's options, `skipErrorHandler` and `isRecordPage`. */
export type CallOptions = AxiosRequestConfig;

/**
 * How the client calls its API: each method answers the envelope's `data` (already unwrapped),
 * with the language and token sent; a failure rejects with an ApiError that has already been
 * shown (toast, sign-in, not-found page) unless the call set `skipErrorHandler`.
 */
export const api = {
  get: async <T>(url: string, options?: CallOptions) => (await http.get<T>(url, options)).data,
  /** A page of a list: its data and the count of all rows (the server's x-total-count). */
  getPage: async <T>(url: string, options?: CallOptions) => {
    const res = await http.get<T>(url, options);
    return { data: res.data, total: Number(res.headers["x-total-count"] ?? 0) };
  },
  post: async <T = unknown>(url: string, body?: unknown, options?: CallOptions) =>
    (await http.post<T>(url, body, options)).data,
  put: async <T = unknown>(url: string, body?: unknown, options?: CallOptions) =>
    (await http.put<T>(url, body, options)).data,
  patch: async <T = unknown>(url: string, body?: unknown, options?: CallOptions) =>
    (await http.patch<T>(url, body, options)).data,
  delete: async <T = unknown>(url: string, options?: CallOptions) =>
    (await http.delete<T>(url, options)).data,
};

/**
 * A business submission's Idempotency-Key (lib/submission-key.ts picks one per form content, the
 * approval dialogs one per opening): the server files a repeated post once and answers the first
 * result. Fits axios options and Refine's mutation `config` alike.
 */
export const withIdempotencyKey = (key: string) => ({ headers: { "Idempotency-Key": key } });
