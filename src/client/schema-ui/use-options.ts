import { useQueries } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

import type { OptionItem } from "../../shared/schema-vocabulary";
import { api } from "../lib/api";
import type { Field } from "./use-schema";

/** A choice as antd's Select, Cascader and TreeSelect take it. */
export type Choice = { value: string; label: string; disabled?: boolean; children?: Choice[] };

type Dept = { id: string; parentId: string | null; name: string };

const toTree = (depts: Dept[], parentId: string | null = null): Choice[] =>
  depts
    .filter((d) => d.parentId === parentId)
    .map((d) => {
      const children = toTree(depts, d.id);
      return { value: d.id, label: d.name, ...(children.length ? { children } : {}) };
    });

const fetchSource = async (source: string): Promise<Choice[]> => {
  if (source.startsWith("dict:")) {
    const data = await api.get<{ value: string; label: string; enabled: boolean }[]>(
      `/dictionaries/${source.slice(5)}/options`,
    );
    return data.map((o) => ({ value: o.value, label: o.label, disabled: !o.enabled }));
  }
  if (source === "users") {
    const data = await api.get<{ id: string; name: string; nameSuffix: string }[]>(
      "/user-service/user/get-account-enabled-select-list",
    );
    return data.map((u) => ({ value: u.id, label: u.name }));
  }
  // Members holding a partner role (a case's supervising partner), not every member.
  if (source === "partners") {
    const data = await api.get<{ id: string; name: string }[]>(
      "/user-service/user/get-partner-select-list",
    );
    return data.map((u) => ({ value: u.id, label: u.name }));
  }
  if (source === "departments") {
    const data = await api.get<{ departments: Dept[] }>("/org-picker");
    return toTree(data.departments);
  }
  if (source.startsWith("resource:")) {
    const data = await api.get<{ id: string; name?: string }[]>(`/${source.slice(9)}`, {
      params: { _end: 200, _sort: "name" },
    });
    return data.map((r) => ({ value: r.id, label: r.name ?? r.id }));
  }
  return [];
};

export type OptionsByField = Record<string, Choice[]>;

/**
 * Choices of every select field of a schema, one request per source (dictionaries, members,
 * departments, other resources), cached for the session; inline items are translated here.
 */
export const useOptions = (fields: Field[]): OptionsByField => {
  const { t } = useTranslation();
  // A table's columns have sources too (a case party's related client), loaded the same way.
  const itemSources = (f: Field) =>
    Object.values(f.schema.items?.properties ?? {}).map((p) => p["x-options"]?.source);
  const sources = useMemo(
    () => [
      ...new Set(
        fields
          .flatMap((f) => [f.schema["x-options"]?.source, ...itemSources(f)])
          .filter((s): s is string => Boolean(s)),
      ),
    ],
    [fields],
  );
  const results = useQueries({
    queries: sources.map((source) => ({
      queryKey: ["schema-options", source],
      queryFn: () => fetchSource(source),
      staleTime: 60_000,
    })),
  });
  const loaded = results.map((r) => r.data);
  return useMemo(() => {
    const translate = (items: OptionItem[]): Choice[] =>
      items.map((i) => ({
        value: i.value,
        label: t(i.label),
        ...(i.children ? { children: translate(i.children) } : {}),
      }));
    const out: OptionsByField = {};
    for (const field of fields) {
      const spec = field.schema["x-options"];
      if (spec?.items) out[field.key] = translate(spec.items);
      // Left out until the source has answered, so a value is not shown as its raw id meanwhile.
      else if (spec?.source) {
        const data = loaded[sources.indexOf(spec.source)];
        if (data) out[field.key] = data;
      } else if (field.schema.enum)
        out[field.key] = field.schema.enum.map((v) => ({ value: String(v), label: String(v) }));
      // A column's choices under "<field>.<column>".
      for (const [key, prop] of Object.entries(field.schema.items?.properties ?? {})) {
        const source = prop["x-options"]?.source;
        const data = source ? loaded[sources.indexOf(source)] : undefined;
        if (data) out[`${field.key}.${key}`] = data;
      }
    }
    return out;
    // `loaded` changes identity on every render; its contents are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fields, t, sources, JSON.stringify(loaded)]);
};

const flatten = (choices: Choice[]): Choice[] =>
  choices.flatMap((c) => [c, ...flatten(c.children ?? [])]);

/** The label of a stored value (or values); unknown values show as they are. */
export const labelOf = (
  choices: Choice[] | undefined,
  value: unknown,
  separator = ", ",
): string => {
  if (value === null || value === undefined || value === "") return "";
  const all = flatten(choices ?? []);
  const one = (v: unknown) => all.find((c) => c.value === v)?.label ?? String(v);
  return Array.isArray(value) ? value.map(one).join(separator) : one(value);
};
