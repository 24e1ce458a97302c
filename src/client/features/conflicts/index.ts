import { lazy } from "react";

export { conflictsRoutes } from "./routes";
export { adverseKeywords, caseKeywords } from "./keywords";

/** The check a new case runs on its parties (the case form opens it), loaded when it opens. */
export const CaseCheckDialog = lazy(() =>
  import("./case-check-dialog").then((m) => ({ default: m.CaseCheckDialog })),
);
