import { useQuery, useQueryClient } from "@tanstack/react-query";

import type { CaseInvoicing, InvoiceDetail } from "../../../shared/contracts/fees";
import { api } from "../../lib/api";

export const invoiceKey = (id: string) => ["invoice", id] as const;

/** GET /invoices/:id: the invoice with its case, client, approval, files and matches named. */
export const useInvoice = (id: string) =>
  useQuery({
    queryKey: invoiceKey(id),
    queryFn: () => api.get<InvoiceDetail>(`/invoices/${id}`, { isRecordPage: true }),
    enabled: Boolean(id),
  });

/** The invoice an approval decides, for whoever may open the approval (approvers hold no invoice rights). */
export const useInvoiceOfApproval = (instanceId: string) =>
  useQuery({
    queryKey: ["invoice-of-approval", instanceId],
    queryFn: () =>
      api.get<InvoiceDetail>(`/invoice-requests/${instanceId}`, { skipErrorHandler: true }),
    retry: false,
  });

/** The case's payments with what of each is matched already (to any invoice). */
export const useCaseInvoicing = (caseId: string) =>
  useQuery({
    queryKey: ["case-invoicing", caseId],
    queryFn: () => api.get<CaseInvoicing>(`/cases/${caseId}/invoicing`),
    enabled: Boolean(caseId),
  });

/** After an action: the invoice (with its matches) and the case's invoicing. */
export const useRefreshInvoice = (invoice: Pick<InvoiceDetail, "id" | "caseId">) => {
  const queries = useQueryClient();
  return async () => {
    await queries.invalidateQueries({ queryKey: invoiceKey(invoice.id) });
    await queries.invalidateQueries({ queryKey: ["case-invoicing", invoice.caseId] });
  };
};
