import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

import { FullPageLoader, hideInitialLoader } from "../layout/page-loader";
import { replaceRules } from "../providers/access-control";
import { fetchRules, loadSession } from "../providers/session";
import { getStoredRules, hasAccessToken } from "../providers/storage";

const isHandoff = () =>
  window.location.pathname.endsWith("/login") &&
  new URLSearchParams(window.location.search).has("token");

/**
 * With a token but no saved rules (storage partly cleared) every guard would say "forbidden",
 * so the app waits for the rules first. With saved rules it renders at once and refreshes them
 * in the background, since an admin may have changed the user's roles meanwhile.
 */
export const SessionGate = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  const [mustWait] = useState(() => hasAccessToken() && !getStoredRules() && !isHandoff());
  const [isReady, setReady] = useState(!mustWait);

  useEffect(() => {
    hideInitialLoader();
    if (!hasAccessToken() || isHandoff()) return;
    // Without saved rules load everything; otherwise only the rules (the navbar fetches the
    // identity itself). Failures are handled by the http layer (401 -> sign-in, 5xx -> toast).
    const refresh = mustWait ? loadSession() : fetchRules().then(replaceRules);
    refresh.catch(() => undefined).finally(() => setReady(true));
  }, [mustWait]);

  return isReady ? children : <FullPageLoader tip={t("layout.loadingSession")} />;
};
