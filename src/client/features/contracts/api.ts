import { useQuery } from "@tanstack/react-query";

import { api } from "../../lib/api";

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
export type SealUsage = {
  id: string;
  sealName: string;
  subject: string;
  copies: number;
  approvedBy: string | null;
  stampedBy: string | null;
  stampedAt: string;
};

/**
 * The open cases the user may read, for the case picker of a new contract or seal request (newest
 * first): a closed or terminated case takes neither (the server refuses it too, 409).
 */
export const useCaseOptions = () =>
  useQuery({
    queryKey: ["contract-case-options"],
    // Repeated `status=` (not qs brackets): the list reads one filter given twice as "any of".
    queryFn: () => api.get<CaseRow[]>("/cases?status=pre-filing&status=formal", { params: { _end: 200, _sort: "createdAt", _order: "desc" } }),
    staleTime: 30_000,
  });

export const useCase = (id: string | undefined) =>
  useQuery({ queryKey: ["contract-case", id], queryFn: () => api.get<CaseRow>(`/cases/${id}`), enabled: Boolean(id) });
