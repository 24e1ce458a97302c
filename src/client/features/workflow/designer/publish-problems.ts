import { type Definition, findNode } from "../../../../shared/workflow";

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
