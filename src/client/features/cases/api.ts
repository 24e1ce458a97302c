import { useQuery } from "@tanstack/react-query";

import type {
  CaseFinance as Finance,
  CaseStartOptions as StartOptions,
  ChainLink,
} from "../../../shared/contracts/cases";
import { api } from "../../lib/api";

export type Party = {
  name: string;
  partyType: string;
  idNumber?: string;
  litigationRole?: string;
  conflictRole: string;
  accountId?: string;
};

export type CaseRecord = Record<string, unknown> & {
  id: string;
  version: number;
  caseNo: string;
  name: string;
  accountId: string;
  caseType: string;
  filingType: string;
  stage: string | null;
  status: "pre-filing" | "formal" | "closed" | "terminated";
  validUntil: string | null;
  terminationReason: string | null;
  leadLawyerId: string;
  leadPartnerId: string | null;
  coCounselIds: string[];
  assistantIds: string[];
  parties: Party[];
  parentCaseId: string | null;
  folderId: string | null;
  pendingChanges: Record<string, unknown> | null;
  pendingApprovalId: string | null;
  permissions?: { update?: boolean; delete?: boolean };
};

/** A case as the pickers of a new contract or seal request read it. */
export type CaseRow = {
  id: string;
  name: string;
  caseNo: string;
  status: string;
  accountId: string;
  folderId: string | null;
  amount: string | null;
  feeType: string | null;
  feeFixed: string | null;
  feePercent: string | null;
  validUntil: string | null;
};

export type { Finance, StartOptions, ChainLink };

export const caseKey = (id: string) => ["case", id] as const;

export const useCaseRecord = (id: string) =>
  useQuery({
    queryKey: caseKey(id),
    queryFn: () => api.get<CaseRecord>(`/cases/${id}`),
    enabled: Boolean(id),
  });

export const useFinance = (id: string) =>
  useQuery({
    queryKey: ["case-finance", id],
    queryFn: () => api.get<Finance>(`/cases/${id}/finance`),
  });

export const useChain = (id: string) =>
  useQuery({
    queryKey: ["case-chain", id],
    queryFn: () => api.get<ChainLink[]>(`/cases/${id}/chain`),
  });

export const useStartOptions = (enabled = true) =>
  useQuery({
    queryKey: ["case-start-options"],
    queryFn: () => api.get<StartOptions>("/case-start-options"),
    staleTime: 60_000,
    enabled,
  });

/** A dictionary's labels by code (the case types, stages…), for headers and summaries. */
export const useDictLabels = (type: string) => {
  const { data } = useQuery({
    queryKey: ["schema-options", `dict-labels:${type}`],
    queryFn: () => api.get<{ value: string; label: string }[]>(`/dictionaries/${type}/options`),
    staleTime: 60_000,
  });
  return (code: unknown) =>
    typeof code === "string" ? (data?.find((o) => o.value === code)?.label ?? code) : "";
};

/**
 * The open cases the user may read, for the case picker of a new contract or seal request (newest
 * first): a closed or terminated case takes neither (the server refuses it too, 409).
 */
export const useCaseOptions = () =>
  useQuery({
    queryKey: ["contract-case-options"],
    // Repeated `status=` (not qs brackets): the list reads one filter given twice as "any of".
    queryFn: () =>
      api.get<CaseRow[]>("/cases?status=pre-filing&status=formal", {
        params: { _end: 200, _sort: "createdAt", _order: "desc" },
      }),
    staleTime: 30_000,
  });

/** One case as the pickers read it (the case a new contract is filed under). */
export const useCaseRow = (id: string | undefined) =>
  useQuery({
    queryKey: ["contract-case", id],
    queryFn: () => api.get<CaseRow>(`/cases/${id}`),
    enabled: Boolean(id),
  });

/** The path that starts a case of this type and filing type (/case/add/{workflow}/{type}). */
export const startPath = (
  definitionId: string,
  caseType: string,
  filingType: string,
  parentCaseId?: string,
) =>
  `/case/add/${definitionId}/${encodeURIComponent(caseType)}?filing=${encodeURIComponent(filingType)}${parentCaseId ? `&parent=${parentCaseId}` : ""}`;
