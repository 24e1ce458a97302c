import { useInvalidateAuthStore } from "@refinedev/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";

import { FullPageLoader } from "../../layout/page-loader";
import { isApiError } from "../../providers/api-error";
import { PATHS, redirectToLogin } from "../../providers/navigation";
import { acceptToken, takeHandoffTarget } from "./token-handoff";

/**
 * `/login`: with `?token=` it completes the user-center handoff and opens the landing page
 * (or the page the user first asked for); without one it sends the browser to the user center.
 */
export const LoginPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const invalidateAuthStore = useInvalidateAuthStore();
  const token = params.get("token");
  const lang = params.get("lang");

  useEffect(() => {
    if (!token) {
      void redirectToLogin({ returnTo: PATHS.home });
      return;
    }
    let isActive = true;
    acceptToken(token, lang)
      .then(async () => {
        await invalidateAuthStore();
        const target = isActive ? takeHandoffTarget(token) : null;
        if (target) navigate(target, { replace: true });
      })
      .catch((error: unknown) => {
        // 401 already went back to the user center; anything else is a server problem.
        if (isActive && !(isApiError(error) && error.statusCode === 401)) {
          navigate(PATHS.serverError, { replace: true });
        }
      });
    return () => {
      isActive = false;
    };
  }, [token, lang, navigate, invalidateAuthStore]);

  return <FullPageLoader tip={t(token ? "login.signingIn" : "login.redirecting")} />;
};
