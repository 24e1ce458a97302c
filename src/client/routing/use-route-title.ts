import { useEffect } from "react";
import { useTranslation } from "react-i18next";

import type { RouteLeaf } from "./route-types";

/** Document.title = route title + system title, in the current language. */
export const useRouteTitle = (leaf: RouteLeaf | null) => {
  const { t } = useTranslation();
  const titleKey = leaf?.route.meta.title;
  useEffect(() => {
    const system = t("app.systemTitle");
    document.title = titleKey ? t("layout.documentTitle", { page: t(titleKey), system }) : system;
  }, [t, titleKey]);
};
