import { useQuery } from "@tanstack/react-query";

import type { LeadConversion } from "../../../shared/contracts/intake";
import { api } from "../../lib/api";

export type Lead = {
  id: string;
  version: number;
  leadNo: string;
  title: string;
  stage: string;
  accountId: string | null;
  prospectName: string | null;
  estimatedFee: string | null;
  originatorId: string | null;
  caseType: string | null;
  caseId: string | null;
  conflictReportId: string | null;
  lostReason: string | null;
};

export type StageChoice = { value: string; label: string; disabled?: boolean };

/** The firm's stages, in the dictionary's order (the board's columns): the list's cache too. */
export const useLeadStages = () =>
  useQuery({
    queryKey: ["schema-options", "dict:lead-stages"],
    queryFn: async () =>
      (
        await api.get<{ value: string; label: string; enabled: boolean }[]>(
          "/dictionaries/lead-stages/options",
        )
      ).map((o): StageChoice => ({ value: o.value, label: o.label, disabled: !o.enabled })),
    staleTime: 60_000,
  });

export const BOARD_KEY = ["intake-board"] as const;

/** Every lead the viewer may read that is still in play or recently decided (the board). */
export const useBoardLeads = () =>
  useQuery({
    queryKey: BOARD_KEY,
    queryFn: () =>
      api.get<Lead[]>("/leads", { params: { _end: 500, _sort: "createdAt", _order: "desc" } }),
  });

export const leadKey = (id: string) => ["lead", id] as const;

export const useLead = (id: string) =>
  useQuery({ queryKey: leadKey(id), queryFn: () => api.get<Lead>(`/leads/${id}`) });

/** The conversion a case form opened from a lead starts with (idempotent once the client exists). */
export const convertLead = (id: string, headers?: Parameters<typeof api.post>[2]) =>
  api.post<LeadConversion>(`/leads/${id}/convert`, {}, headers);
