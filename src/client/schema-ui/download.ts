import type { CrudFilter, CrudSort } from "@refinedev/core";

import { http } from "../lib/api";

const SUFFIX: Record<string, string> = {
  eq: "",
  in: "",
  contains: "_like",
  gte: "_gte",
  lte: "_lte",
  ne: "_ne",
};

/** simple-rest's query for filters and sorters, for the requests Refine does not make (export). */
export const toQuery = (filters: CrudFilter[], sorters: CrudSort[]) => {
  const query: Record<string, unknown> = {};
  for (const f of filters)
    if ("field" in f) query[`${f.field}${SUFFIX[f.operator] ?? ""}`] = f.value;
  if (sorters.length) {
    query._sort = sorters.map((s) => s.field).join(",");
    query._order = sorters.map((s) => s.order).join(",");
  }
  return query;
};

/** Hands a downloaded file to the browser. */
export const saveBlob = (blob: Blob, name: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};

/**
 * GET or POST for a file. A refused request still answers with the JSON envelope, which arrives
 * as a blob here; its `msg` is returned so the page can show it (e.g. the export limit).
 */
export const downloadFile = async (
  url: string,
  opts: { params?: Record<string, unknown>; body?: unknown; name: string },
) => {
  const res = await http.request<Blob>({
    url,
    method: opts.body === undefined ? "get" : "post",
    params: opts.params,
    data: opts.body,
    responseType: "blob",
    skipErrorHandler: true,
    validateStatus: () => true,
  });
  if (res.status >= 200 && res.status < 300) {
    saveBlob(res.data, opts.name);
    // The caller may show what the server says about the file (e.g. a recorded hash).
    return { ok: true as const, header: (name: string) => String(res.headers[name] ?? "") };
  }
  const text = await res.data.text();
  try {
    return {
      ok: false as const,
      message: String((JSON.parse(text) as { msg?: string }).msg ?? ""),
    };
  } catch {
    return { ok: false as const, message: "" };
  }
};
