import { lazy } from "react";

export { workflowRoutes } from "./routes";
export { registerStartChooser } from "./start-choosers";
export { useBusinessSettings } from "./use-business-settings";
export { useStartable } from "./use-startable";

/**
 * The approval detail cases, contracts and seals show on their own approval routes (what it is
 * about above the form, then on to the next pending task); it loads with the approval pages.
 */
export const ApprovalDetailWithNext = lazy(() =>
  import("./pages").then((m) => ({ default: m.ApprovalDetailWithNext })),
);
