import { useEffect } from "react";
import { useTranslation } from "react-i18next";

import { FullPageLoader } from "../layout/page-loader";
import { redirectToLogin } from "../providers/navigation";

/** Shown for the moment between "not signed in" and the user center's page loading. */
export const LoginRedirect = () => {
  const { t } = useTranslation();
  useEffect(() => {
    void redirectToLogin();
  }, []);
  return <FullPageLoader tip={t("login.redirecting")} />;
};
