import { lazy } from "react";

export { esignSettingsRoutes } from "./routes";
export { SIGNING_STATUS_COLORS } from "./signing-status";
export type { Field, PageSize } from "./types";

/** A contract's e-signing tab (the contract detail opens it), loaded when it opens. */
export const EsignTab = lazy(() => import("./pages").then((m) => ({ default: m.EsignTab })));
