import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";

import { api } from "../lib/api";
import type { Choice } from "./use-options";

type Row = { id: string; name?: string };
const toChoice = (r: Row): Choice => ({ value: r.id, label: r.name ?? r.id });
const idsOf = (value: unknown) =>
  (Array.isArray(value) ? value : value ? [value] : []).filter(
    (v): v is string => typeof v === "string",
  );

/**
 * A select over another resource (`x-options.source: "resource:<name>"`) holds only the first
 * page of it; typing asks the server (`name_like`), and a chosen row outside that page is looked
 * up by id so it shows its name, not its id.
 */
export const useRemoteChoices = (resource: string | undefined, local: Choice[], value: unknown) => {
  const [typed, setTyped] = useState("");
  const [term, setTerm] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setTerm(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const { data: found = [] } = useQuery({
    queryKey: ["schema-options-search", resource, term],
    queryFn: async () =>
      (
        await api.get<Row[]>(`/${resource}`, {
          params: { name_like: term, _end: 50, _sort: "name", _order: "asc" },
        })
      ).map(toChoice),
    enabled: Boolean(resource && term),
    staleTime: 30_000,
  });
  const missing = idsOf(value).filter(
    (id) => !local.some((c) => c.value === id) && !found.some((c) => c.value === id),
  );
  const { data: chosen = [] } = useQuery({
    queryKey: ["schema-options-ids", resource, missing.join(",")],
    queryFn: () =>
      Promise.all(
        missing.map(async (id) =>
          toChoice(await api.get<Row>(`/${resource}/${id}`, { skipErrorHandler: true })),
        ),
      ),
    enabled: Boolean(resource) && missing.length > 0,
    staleTime: 60_000,
  });
  if (!resource) return { choices: local, onSearch: undefined, isRemote: false };
  const base = term ? found : local;
  const extra = [...chosen, ...local].filter(
    (c) => idsOf(value).includes(c.value) && !base.some((b) => b.value === c.value),
  );
  return { choices: [...extra, ...base], onSearch: setTyped, isRemote: Boolean(term) };
};
