import { useQuery } from "@tanstack/react-query";

import type { ClosingChecklist, ClosingItemKey } from "../../../shared/contracts/closing";
import { api } from "../../lib/api";

export const checklistKey = (caseId: string) => ["closing-checklist", caseId] as const;

/** The case's closing checklist, the closing under way and the summary it was closed with. */
export const useClosingChecklist = (caseId: string, isEnabled = true) =>
  useQuery({
    queryKey: checklistKey(caseId),
    queryFn: () => api.get<ClosingChecklist>(`/cases/${caseId}/closing-checklist`),
    enabled: isEnabled,
  });

/** Where each item is resolved: a tab of the case page, or the seal requests list. */
export const resolvePathOf = (caseId: string, key: ClosingItemKey) => {
  const tab: Record<ClosingItemKey, string | null> = {
    keyDates: "key-dates",
    tasks: "tasks",
    unbilledTime: "finance",
    unbilledExpenses: "finance",
    unpaidBills: "finance",
    uninvoicedBills: "finance",
    sealRequests: null,
    contracts: "contracts",
    signingRequests: "contracts",
  };
  return tab[key] ? `/case/detail/${caseId}?tab=${tab[key]}` : "/seal/list";
};
