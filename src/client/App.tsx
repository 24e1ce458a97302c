import { Refine, type ResourceProps } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { ConfigProvider, type ThemeConfig } from "antd";
import enUS from "antd/locale/en_US";
import zhCN from "antd/locale/zh_CN";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { BrowserRouter } from "react-router";

import { pickLanguage } from "../shared/i18n-config";
import { ToastBridge } from "./layout/toast-bridge";
import { AbilityContext, ability, accessControlProvider } from "./providers/access-control";
import { authProvider } from "./providers/auth";
import { dataProvider } from "./providers/data";
import { i18nProvider } from "./providers/i18n";
import { BASE_PATH } from "./providers/navigation";
import { notificationProvider } from "./providers/notification";
import { AppRouter } from "./routing/app-router";
import { routeLeaves } from "./routing/route-match";
import { SessionGate } from "./routing/session-gate";

const theme: ThemeConfig = {
  cssVar: true,
  token: { colorPrimary: "#1677ff", borderRadius: 6 },
  components: { Layout: { headerBg: "#ffffff", siderBg: "#ffffff", bodyBg: "#f5f5f5" } },
};

/** Refine resources come from the route table's `resource` entries. */
const useResources = (): ResourceProps[] => {
  const { t } = useTranslation();
  return useMemo(
    () =>
      routeLeaves.flatMap((leaf) =>
        leaf.route.resource
          ? [
              {
                name: leaf.route.resource.name,
                [leaf.route.resource.action]: leaf.fullPath,
                meta: {
                  label: t(leaf.route.meta.title ?? leaf.route.resource.name),
                  subject: leaf.route.meta.subject,
                },
              },
            ]
          : [],
      ),
    [t],
  );
};

export const App = () => {
  const { i18n } = useTranslation();
  const resources = useResources();
  const locale = pickLanguage(i18n.language) === "en" ? enUS : zhCN;

  return (
    <BrowserRouter basename={BASE_PATH}>
      <ConfigProvider locale={locale} theme={theme}>
        <ToastBridge />
        <AbilityContext.Provider value={ability}>
          <Refine
            routerProvider={routerProvider}
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            i18nProvider={i18nProvider}
            notificationProvider={notificationProvider}
            resources={resources}
            options={{
              disableTelemetry: true,
              syncWithLocation: true,
              warnWhenUnsavedChanges: true,
              reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
            }}
          >
            <SessionGate>
              <AppRouter />
            </SessionGate>
          </Refine>
        </AbilityContext.Provider>
      </ConfigProvider>
    </BrowserRouter>
  );
};
