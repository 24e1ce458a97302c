import { lazy } from "react";

export { agendaRoutes, keyDatesRoutes } from "./routes";
export { useDeadlineTypes } from "./use-deadline-data";

// Shown inside a case's pages; they load with the feature's pages, on demand.
export const KeyDatesTab = lazy(() => import("./pages").then((m) => ({ default: m.KeyDatesTab })));
export const ApplyTemplate = lazy(() =>
  import("./pages").then((m) => ({ default: m.ApplyTemplate })),
);
