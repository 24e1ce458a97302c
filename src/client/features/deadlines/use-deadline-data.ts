import { useCustom } from "@refinedev/core";
import { useTranslation } from "react-i18next";

import type { DeadlineRule, DeadlineType } from "./types";

const listOf = <T>(raw: unknown) => (Array.isArray(raw) ? (raw as T[]) : []);

/** The firm's key-date types with labels in the current language. */
export const useDeadlineTypes = () => {
  const { i18n } = useTranslation();
  const { result } = useCustom<DeadlineType[]>({
    url: "/api/deadline-types",
    method: "get",
    queryOptions: { staleTime: 60_000 },
  });
  const types = listOf<DeadlineType>(result?.data);
  const isEn = i18n.language.startsWith("en");
  const labelOf = (code: string) => {
    const type = types.find((x) => x.code === code);
    return type ? (isEn && type.labelEn ? type.labelEn : type.labelZh) : code;
  };
  return {
    types,
    labelOf,
    colorOf: (code: string) => types.find((x) => x.code === code)?.color ?? "blue",
  };
};

export const useDeadlineRules = () => {
  const { result } = useCustom<DeadlineRule[]>({
    url: "/api/key-date-rules",
    method: "get",
    queryOptions: { staleTime: 60_000 },
  });
  return listOf<DeadlineRule>(result?.data);
};
