import type { AxiosRequestConfig } from "axios";

import { IMPORT_LIMIT } from "../../shared/errors";
import { showToast } from "../layout/toast";
import type { ApiError } from "./api-error";
import { i18n } from "./i18n";
import { navigateTo, PATHS, redirectToLogin } from "./navigation";

/**
 * The client half of the error catalogue: one place decides what the user sees
 * for a failed request, so pages only handle what is special to them.
 */
export const handleHttpFailure = (error: ApiError, config?: AxiosRequestConfig) => {
  if (error.isCancelled) return;
  if (error.code === IMPORT_LIMIT) return;

  const busy = () =>
    showToast({ message: i18n.t("errors.serverBusy"), color: "error", key: "server-busy" });

  if (error.statusCode === 0) {
    busy();
    return;
  }
  switch (error.statusCode) {
    case 401:
      void redirectToLogin({ clear: true });
      return;
    case 403:
      navigateTo(PATHS.notAuthorized);
      return;
    case 404: {
      const method = (config?.method ?? "get").toLowerCase();
      if (config?.isRecordPage && method === "get") {
        navigateTo(PATHS.notFound);
        return;
      }
      showToast({ message: error.message, color: "error" });
      return;
    }
    case 400:
      showToast({ message: error.message, color: "error" });
      return;
    default:
      if (error.statusCode >= 500) {
        busy();
        return;
      }
      showToast({ message: error.message, color: "error" });
  }
};
