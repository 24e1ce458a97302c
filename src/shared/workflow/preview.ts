import { deptChain, type OrgDirectory, resolveAssignees, resolveRecipients } from "./assignees";
import { pickBranch } from "./conditions";
import { formFields } from "./form-fields";
import { type Definition, type FlowNode, type I18nText, type Mode, onInitiatorOf } from "./model";

/** One step of the "who will approve" preview shown before submitting. */
export type PreviewStep = {
  nodeId: string;
  name: I18nText;
  type: "approval" | "handler" | "cc";
  mode?: Mode;
  userIds: string[];
  skipped?: "empty" | "emptyFallback";
  /** Set for steps inside a parallel gateway: they run side by side. */
  parallel?: string;
};

export type PreviewInput = {
  initiatorId: string;
  initiatorDeptId: string | null;
  form: Record<string, unknown>;
};

/**
 * A dry run of the definition for this very form: exclusive gateways pick their branch,
 * parallel branches are all listed, every task node resolves its people against the org now.
 */
export const previewFlow = (
  def: Definition,
  dir: OrgDirectory,
  input: PreviewInput,
): PreviewStep[] => {
  const fields = formFields(def.form);
  const condition = {
    form: input.form,
    initiatorDeptChain: deptChain(dir, input.initiatorDeptId),
    initiatorRoleIds: Object.entries(dir.roles)
      .filter(([, r]) => r.memberIds.includes(input.initiatorId))
      .map(([id]) => id),
  };
  const walk = (nodes: FlowNode[], parallel?: string): PreviewStep[] =>
    nodes.flatMap((node): PreviewStep[] => {
      if (node.type === "exclusive") {
        const b = pickBranch(fields, node.branches, condition);
        return walk(node.branches[b]?.nodes ?? [], parallel);
      }
      if (node.type === "parallel")
        return node.branches.flatMap((br) => walk(br.nodes, parallel ?? node.id));
      const base = { nodeId: node.id, name: node.name, ...(parallel ? { parallel } : {}) };
      if (node.type === "cc") {
        const userIds = node.recipients ? resolveRecipients(dir, node.recipients, input) : [];
        return [{ ...base, type: "cc", userIds }];
      }
      if (!node.assignees)
        return [{ ...base, type: node.type, mode: node.mode, userIds: [], skipped: "empty" }];
      const res = resolveAssignees(
        dir,
        {
          ...node,
          assignees: node.assignees,
          admins: def.admins,
          onInitiator: onInitiatorOf(def, node),
        },
        input,
      );
      return [
        {
          ...base,
          type: node.type,
          mode: node.mode,
          userIds: res.userIds,
          ...(res.skipped ? { skipped: res.skipped } : {}),
        },
      ];
    });
  return walk(def.nodes);
};
