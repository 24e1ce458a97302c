import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";

import { showToast } from "../../layout/toast";
import { api, http } from "../../lib/api";
import { i18n } from "../../providers/i18n";
import type { EsignOverview, PageInfo, SigningRequest } from "./types";

export const esignKey = (contractId: string) => ["esign", contractId] as const;

export const useEsignOverview = (contractId: string) =>
  useQuery({
    queryKey: esignKey(contractId),
    queryFn: () => api.get<EsignOverview>(`/contracts/${contractId}/esign`),
  });

/**
 * The page sizes of a file. The server refuses a file that is not a PDF with a translated
 * message, which the prepare form shows beside the file choice, so no toast here.
 */
export const usePageInfo = (contractId: string, fileId: string | undefined) =>
  useQuery({
    queryKey: ["esign-pages", contractId, fileId],
    queryFn: () =>
      api.get<PageInfo>(`/contracts/${contractId}/esign/files/${fileId}/pages`, {
        skipErrorHandler: true,
      }),
    enabled: Boolean(fileId),
    staleTime: 5 * 60_000,
  });

/**
 * A page image as an object URL. The image route needs the Authorization header, which an
 * <img src> cannot send, so it is fetched as a blob; the URL is revoked when the page goes.
 */
export const usePageImage = (contractId: string, fileId: string, page: number) => {
  const [url, setUrl] = useState<string | null>(null);
  const [isFailed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let isLive = true;
    setUrl(null);
    setFailed(false);
    api
      .get<Blob>(`/contracts/${contractId}/esign/files/${fileId}/pages/${page}`, {
        responseType: "blob",
        skipErrorHandler: true,
      })
      .then((blob) => {
        if (!isLive) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => {
        if (isLive) setFailed(true);
      });
    return () => {
      isLive = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [contractId, fileId, page]);
  return { url, isFailed };
};

/** Posts an action on a request and refreshes the tab and the contract header (its signing status). */
export const useRequestAction = (contractId: string) => {
  const queries = useQueryClient();
  return async (path: string, body?: unknown) => {
    const request = await api.post<SigningRequest>(path, body ?? {});
    await Promise.all([
      queries.invalidateQueries({ queryKey: esignKey(contractId) }),
      queries.invalidateQueries({ queryKey: ["contract", contractId] }),
    ]);
    return request;
  };
};

/**
 * Saves the sealed PDF through a temporary link (it needs the auth header). A refusal arrives as a
 * blob too, so its envelope is read here to show the server's reason (e.g. the stored file no
 * longer matches its hash) instead of a bare status.
 */
export const downloadSealed = async (requestId: string, name: string) => {
  const res = await http.get<Blob>(`/esign/requests/${requestId}/sealed`, {
    responseType: "blob",
    skipErrorHandler: true,
    validateStatus: () => true,
  });
  if (res.status < 200 || res.status >= 300) {
    const body = (await res.data
      .text()
      .then(JSON.parse)
      .catch(() => null)) as { msg?: string } | null;
    showToast({ message: body?.msg || i18n.t("clientErrors.badResponse"), color: "error" });
    return;
  }
  const url = URL.createObjectURL(res.data);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser the time to start the download before the URL goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
