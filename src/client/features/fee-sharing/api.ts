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

/** The screen's page size unless the user picks another. */
export const RECEIVABLES_PAGE_SIZE = 20;

/**
 * One page of the report (clients by debt, largest first) with the count of all clients and the
 * firm's totals; the previous page stays on screen while the next loads.
 */
export const useReceivables = (
  filters: ReceivableFilters,
  page: { current: number; pageSize: number },
) =>
  useQuery({
    queryKey: ["fees-receivables", cleanFilters(filters), page.current, page.pageSize],
    queryFn: () =>
      api.getPage<Receivables>(RECEIVABLES_URL, {
        params: {
          ...cleanFilters(filters),
          _start: (page.current - 1) * page.pageSize,
          _end: page.current * page.pageSize,
        },
      }),
    placeholderData: (previous) => previous,
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
