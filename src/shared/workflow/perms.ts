import { formFields, mergePerms, permsAt } from "./form-fields";
import { type Definition, type FieldPerms, findNode } from "./model";

/** What the server knows about one viewer of one instance. */
export type Viewer = {
  userId: string;
  isInitiator: boolean;
  canReadAll: boolean;
  /** The viewer's tasks: node, and whether still pending (only a pending task edits). */
  tasks: { nodeId: string; kind: string; isPending: boolean }[];
  /** The viewer's CC rows: the CC node, or null for a manual CC. */
  ccNodeIds: (string | null)[];
};

const downgrade = (perms: FieldPerms): FieldPerms =>
  Object.fromEntries(Object.entries(perms).map(([k, v]) => [k, v === "edit" ? "read" : v]));

/**
 * A viewer's permission per field: the most open among
 * their nodes; edit only through a pending task; the initiator reads with start permissions.
 */
export const viewerPerms = (def: Definition, v: Viewer): FieldPerms => {
  const fields = formFields(def.form);
  const all = (perm: "read" | "hidden"): FieldPerms =>
    Object.fromEntries(fields.map((f) => [f.key, perm]));
  const list: FieldPerms[] = [all("hidden")];
  if (v.canReadAll) list.push(all("read"));
  if (v.isInitiator) list.push(downgrade(permsAt(fields, def.start.fields, true)));
  for (const t of v.tasks) {
    if (t.kind === "submit") {
      const start = permsAt(fields, def.start.fields, true);
      list.push(t.isPending ? start : downgrade(start));
      continue;
    }
    const node = findNode(def.nodes, t.nodeId);
    const perms = permsAt(
      fields,
      node && node.type !== "exclusive" && node.type !== "parallel" ? node.fields : {},
      false,
    );
    list.push(t.isPending ? perms : downgrade(perms));
  }
  for (const nodeId of v.ccNodeIds) {
    const node = nodeId ? findNode(def.nodes, nodeId) : undefined;
    list.push(node?.type === "cc" ? downgrade(permsAt(fields, node.fields, false)) : all("read"));
  }
  return mergePerms(fields, list);
};
