import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

// The stream module directly: it is already loaded with the layout, the notifications index is a lazy page.
import { onNotificationArrival } from "../notifications";
import { esignKey } from "./api";

/**
 * Each signing step (signed, declined, completed, locked) notifies the request's creator about
 * the contract; while its tab is open, that is the cue to reload instead of polling.
 */
export const useLiveRefresh = (contractId: string) => {
  const queries = useQueryClient();
  useEffect(
    () =>
      onNotificationArrival((row) => {
        if (row.entity !== "contracts" || row.entityId !== contractId) return;
        void queries.invalidateQueries({ queryKey: esignKey(contractId) });
        void queries.invalidateQueries({ queryKey: ["contract", contractId] });
      }),
    [contractId, queries],
  );
};
