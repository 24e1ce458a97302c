import { useLogout } from "@refinedev/core";
import { Button } from "antd";
import { useTranslation } from "react-i18next";

import { hasAccessToken } from "../../providers/storage";
import { ErrorResult } from "./error-result";

export const NotAuthorizedPage = () => {
  const { t } = useTranslation();
  const { mutate: logout } = useLogout();
  return (
    <ErrorResult
      status="403"
      title={t("notAuthorized.title")}
      description={t("notAuthorized.description")}
      extra={
        hasAccessToken() ? (
          <Button onClick={() => logout()}>{t("notAuthorized.switchAccount")}</Button>
        ) : null
      }
    />
  );
};
