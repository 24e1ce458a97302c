import { Refine, type ResourceProps } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { BrowserRouter } from "react-router";

import { NotificationBell } from "./features/notifications";
import { AppThemeProvider } from "./layout/app-theme";
import { GlobalDialogHost } from "./layout/global-dialog-host";
import { NavbarSlotProvider } from "./layout/navbar-slot";
import { ToastHost } from "./layout/toast-host";
import { AbilityContext, ability, accessControlProvider } from "./providers/access-control";
import { authProvider } from "./providers/auth";
import { dataProvider } from "./providers/data";
import { i18nProvider } from "./providers/i18n";
import { BASE_PATH } from "./providers/navigation";
import { notificationProvider } from "./providers/notification";
import { AppRouter } from "./routing/app-router";
import { routeLeaves } from "./routing/route-match";
import { SessionGate } from "./routing/session-gate";

/** What the top bar shows beside its own controls (the layout imports no feature). */
const NAVBAR_SLOT = <NotificationBell />;

/** Refine resources come from the route table's `resource` entries. */
const useResources = (): ResourceProps[] => {
  const { t } = useTranslation();
  return useMemo(
    () =>
      routeLeaves().flatMap((leaf) =>
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
  const resources = useResources();

  return (
    <BrowserRouter basename={BASE_PATH}>
      <AppThemeProvider>
        <ToastHost />
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
            <NavbarSlotProvider value={NAVBAR_SLOT}>
              <SessionGate>
                <AppRouter />
              </SessionGate>
            </NavbarSlotProvider>
            <GlobalDialogHost />
          </Refine>
        </AbilityContext.Provider>
      </AppThemeProvider>
    </BrowserRouter>
  );
};
