import { lazy } from "react";

export { casesRoutes, casesSettingsRoutes } from "./routes";
// A case as other records show and pick it (contracts, seal requests).
export { CaseLink } from "./case-link";
export { type CaseRow, useCaseOptions, useCaseRow } from "./api";

/** The case types × filing types to start a case from (the approval start page offers it). */
export const CaseStartChooser = lazy(() =>
  import("./start-case").then((m) => ({ default: m.CaseStartChooser })),
);
