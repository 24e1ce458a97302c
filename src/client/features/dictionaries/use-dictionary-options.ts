import { useCustom } from "@refinedev/core";

export type DictionaryOption = { value: string; label: string; enabled: boolean };

/**
 * Choices for `x-options: {source: "dict:<code>"}`, labelled in the current language. Disabled
 * items come along (flagged) so old records still show their label; forms offer only enabled ones.
 */
export const useDictionaryOptions = (source: string) => {
  const code = source.startsWith("dict:") ? source.slice(5) : source;
  const { result, query } = useCustom<DictionaryOption[]>({
    url: `/api/dictionaries/${encodeURIComponent(code)}/options`,
    method: "get",
    queryOptions: { staleTime: 60_000 },
  });
  const raw: unknown = result?.data;
  const options = Array.isArray(raw) ? (raw as DictionaryOption[]) : [];
  return {
    options: options.map((o) => ({ value: o.value, label: o.label, disabled: !o.enabled })),
    isLoading: query.isLoading,
  };
};
