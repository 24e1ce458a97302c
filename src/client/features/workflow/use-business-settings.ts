import { useCustom } from "@refinedev/core";

import { WORKFLOW_API } from "./types";

/** Which business edits of the firm wait for an approval before they apply. */
export type BusinessSettings = { accountChanges: boolean; caseChanges: boolean };

export const SETTINGS_URL = `${WORKFLOW_API}/business-settings`;

/** The firm's approval switches; any member may read them (the client form asks before editing). */
export const useBusinessSettings = () => {
  const { result, query } = useCustom<BusinessSettings>({ url: SETTINGS_URL, method: "get" });
  return { settings: result?.data as BusinessSettings | undefined, query };
};
