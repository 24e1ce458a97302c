import { useMemo } from "react";
import { useTranslation } from "react-i18next";

import { type Definition, findNode, validateDefinition } from "../../../../shared/workflow";

/** One publish problem as the designer shows it: translated, and pointing at a node or form field. */
export type Problem = { path: string; message: string; nodeId?: string };

/** Problems the server found at the last publish, with the draft they were found in. */
export type ServerProblems = { draft: Definition; items: Problem[] };

export const FIELD_PATH = /^form\.properties\.([^.]+)/;

/** The part of a draft a problem is about: it stays shown only while that part is unchanged. */
export const partOf = (def: Definition, p: Problem): unknown => {
  if (p.nodeId) return findNode(def.nodes, p.nodeId);
  const field = FIELD_PATH.exec(p.path)?.[1];
  if (field) return def.form.properties?.[field];
  const top = p.path.split(".")[0] as keyof Definition;
  return top ? def[top] : def;
};

const byKey = (problems: Problem[], keyOf: (p: Problem) => string | undefined) => {
  const map = new Map<string, string[]>();
  for (const p of problems) {
    const key = keyOf(p);
    if (key) map.set(key, [...(map.get(key) ?? []), p.message]);
  }
  return map;
};

/** The draft's problems: the shared validator's, and the server's last ones still relevant. */
export const useProblems = (def: Definition | undefined, serverProblems: ServerProblems | null) => {
  const { t } = useTranslation();
  const errors = useMemo<Problem[]>(() => {
    if (!def) return [];
    const own = validateDefinition(def).map((e) => ({
      path: e.path,
      nodeId: e.nodeId,
      message: t(`errors.${e.key}`, e.params ?? {}),
    }));
    // What only the server can check (people and roles that left, the strict schema compile)
    // stays on its node or field until that part of the draft is edited.
    const fromServer = (serverProblems?.items ?? []).filter(
      (p) =>
        JSON.stringify(partOf(def, p)) ===
        JSON.stringify(partOf(serverProblems?.draft as Definition, p)),
    );
    return [
      ...own,
      ...fromServer.filter((p) => !own.some((o) => o.path === p.path && o.message === p.message)),
    ];
  }, [def, serverProblems, t]);
  return useMemo(
    () => ({
      errors,
      errorsByNode: byKey(errors, (p) => p.nodeId),
      errorsByField: byKey(errors, (p) => FIELD_PATH.exec(p.path)?.[1]),
      formErrors: errors.filter((e) => e.path === "form").map((e) => e.message),
    }),
    [errors],
  );
};
