import { useQuery } from "@tanstack/react-query";

import { getData as get } from "../../lib/api";

export type SealOption = { id: string; name: string; sealType: string; sealingFirm: string; custodianId: string };
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
export type Member = { id: string; name: string };


/** The firm's seals in use (every member may pick one). */
export const useSealOptions = () => useQuery({ queryKey: ["seal-options"], queryFn: () => get<SealOption[]>("/seal-options"), staleTime: 60_000 });

/**
 * The open cases the user may read, for the case picker of a new contract or seal request (newest
 * first): a closed or terminated case takes neither (the server refuses it too, 409).
 */
export const useCaseOptions = () =>
  useQuery({
    queryKey: ["contract-case-options"],
    // Repeated `status=` (not qs brackets): the list reads one filter given twice as "any of".
    queryFn: () => get<CaseRow[]>("/cases?status=pre-filing&status=formal", { _end: 200, _sort: "createdAt", _order: "desc" }),
    staleTime: 30_000,
  });

export const useCase = (id: string | undefined) =>
  useQuery({ queryKey: ["contract-case", id], queryFn: () => get<CaseRow>(`/cases/${id}`), enabled: Boolean(id) });

export const useMembers = () =>
  useQuery({
    queryKey: ["schema-options-members"],
    queryFn: async () => (await get<{ id: string; name: string }[]>("/user-service/user/get-account-enabled-select-list")).map((u) => ({ id: u.id, name: u.name })),
    staleTime: 60_000,
  });

/** A member's name by id (the id itself while the list loads or for someone who left). */
export const useMemberName = () => {
  const { data } = useMembers();
  return (id: unknown) => (typeof id === "string" ? (data?.find((m) => m.id === id)?.name ?? "") : "");
};

/** The startable definition of a business kind (its id is the {workflow} of the create routes). */
export const useStartable = (kind: string) =>
  useQuery({
    queryKey: ["startable"],
    queryFn: () => get<{ id: string; kind: string; name: string }[]>("/workflow/startable"),
    staleTime: 60_000,
    select: (cards) => cards.find((c) => c.kind === kind),
  });

export const fetchJson = get;
