import { useTranslation } from "react-i18next";

import { ErrorResult } from "./error-result";

export const ServerErrorPage = () => {
  const { t } = useTranslation();
  return (
    <ErrorResult
      status="500"
      title={t("serverError.title")}
      description={t("serverError.description")}
    />
  );
};
