import { useQuery } from "@tanstack/react-query";

import type {
  FeePeriods,
  MemberStatement,
  PeriodStatements,
  Receivables,
} from "../../../shared/contracts/fees";
import { api } from "../../lib/api";
import { firmToday } from "../../lib/firm-time";

/** Receivables filters as the route takes them; empty ones are left out of the query. */
export type ReceivableFilters = {
  accountId?: string;
  departmentId?: string;
  leadLawyerId?: string;
};

export const RECEIVABLES_URL = "/fees/receivables";

export const cleanFilters = (filters: ReceivableFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => typeof v === "string" && v));

export const useReceivables = (filters: ReceivableFilters) =>
  useQuery({
    queryKey: ["fees-receivables", cleanFilters(filters)],
    queryFn: () => api.get<Receivables>(RECEIVABLES_URL, { params: cleanFilters(filters) }),
  });

/** The firm's current month (YYYY-MM), on its own calendar. */
export const thisMonth = () => firmToday().slice(0, 7);

export const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

export const usePeriods = () =>
  useQuery({
    queryKey: ["fees-periods"],
    queryFn: () => api.get<FeePeriods>("/fees/periods"),
  });

export const useStatements = (period: string) =>
  useQuery({
    queryKey: ["fees-statements", period],
    queryFn: () => api.get<PeriodStatements>("/fees/statements", { params: { period } }),
  });

export const useMemberStatement = (memberId: string, period: string) =>
  useQuery({
    queryKey: ["fees-statement", memberId, period],
    queryFn: () => api.get<MemberStatement>(`/fees/statements/${memberId}`, { params: { period } }),
    enabled: Boolean(memberId),
  });

export const useMyEarnings = (period: string) =>
  useQuery({
    queryKey: ["fees-my-earnings", period],
    queryFn: () => api.get<MemberStatement>("/fees/my-earnings", { params: { period } }),
  });

/** A member's statement of a month as a PDF (pdftotext-readable), and the month's xlsx. */
export const statementPdfUrl = (memberId: string) => `/fees/statements/${memberId}/statement.pdf`;
export const STATEMENTS_XLSX_URL = "/fees/statements/export.xlsx";
export const RECEIVABLES_XLSX_URL = "/fees/receivables/export.xlsx";
