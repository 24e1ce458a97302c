import { Layout } from "antd";
import { useTranslation } from "react-i18next";

export const AppFooter = () => {
  const { t } = useTranslation();
  return (
    <Layout.Footer className="app-footer">
      {t("layout.footer", { year: new Date().getFullYear(), system: t("app.systemTitle") })}
    </Layout.Footer>
  );
};
