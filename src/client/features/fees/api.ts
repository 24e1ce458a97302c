import { useQuery } from "@tanstack/react-query";

import type {
  CaseInvoicing,
  FeeAllocationView,
  FeeSettingsView,
  FeeTerms,
} from "../../../shared/contracts/fees";
import { api } from "../../lib/api";

export const feeTermsKey = (caseId: string) => ["fee-terms", caseId] as const;
export const allocationKey = (caseId: string) => ["fee-allocation", caseId] as const;
export const invoicingKey = (caseId: string) => ["case-invoicing", caseId] as const;
export const FEE_SETTINGS_KEY = ["fee-settings"] as const;

export const useFeeTerms = (caseId: string) =>
  useQuery({
    queryKey: feeTermsKey(caseId),
    queryFn: () => api.get<FeeTerms>(`/cases/${caseId}/fee-terms`),
  });

export const useFeeAllocation = (caseId: string, enabled = true) =>
  useQuery({
    queryKey: allocationKey(caseId),
    queryFn: () => api.get<FeeAllocationView>(`/cases/${caseId}/fee-allocation`),
    enabled,
  });

export const useCaseInvoicing = (caseId: string, enabled = true) =>
  useQuery({
    queryKey: invoicingKey(caseId),
    queryFn: () => api.get<CaseInvoicing>(`/cases/${caseId}/invoicing`),
    enabled,
  });

export const useFeeSettings = () =>
  useQuery({
    queryKey: FEE_SETTINGS_KEY,
    queryFn: () => api.get<FeeSettingsView>("/fees/settings"),
  });

type Option = { value: string; label: string; enabled?: boolean };

/** The firm's invoice tax rates ("6.00" …), a dictionary each firm can edit. */
export const useTaxRates = () =>
  useQuery({
    queryKey: ["schema-options", "dict:invoice-tax-rates"],
    queryFn: () => api.get<Option[]>("/dictionaries/invoice-tax-rates/options"),
    staleTime: 60_000,
  });

/** The case's contracts, for "copy the fee terms from a contract". */
export const useCaseContracts = (caseId: string, enabled: boolean) =>
  useQuery({
    queryKey: ["fee-case-contracts", caseId],
    queryFn: () =>
      api.get<{ id: string; name?: string; contractNo?: string; status?: string }[]>("/contracts", {
        params: { caseId, _start: 0, _end: 100, _sort: "createdAt", _order: "desc" },
      }),
    enabled,
  });
