import { useTranslation } from "react-i18next";

import { ErrorResult } from "./error-result";

export const NotFoundPage = () => {
  const { t } = useTranslation();
  return (
    <ErrorResult status="404" title={t("notFound.title")} description={t("notFound.description")} />
  );
};
