import { useQuery } from "@tanstack/react-query";

import type { ReportSubscription } from "../../../shared/contracts/report-subscriptions";
import { api } from "../../lib/api";

export const SUBSCRIPTIONS_KEY = ["report-subscriptions"] as const;
export const SUBSCRIPTIONS_URL = "/report-subscriptions";

/** The signed-in member's own subscriptions, oldest first. */
export const useSubscriptions = () =>
  useQuery({
    queryKey: SUBSCRIPTIONS_KEY,
    queryFn: () => api.get<ReportSubscription[]>(SUBSCRIPTIONS_URL),
  });

/** What the dialog and the list need of a report: the catalogue's entry (GET /reports). */
export type SubscribableReport = {
  key: string;
  title: string;
  scopes: string[];
  departments: { id: string; name: string }[];
};
