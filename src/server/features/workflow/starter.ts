import { type Definition, newTaskNode, type WorkflowKind } from "../../../shared/workflow";

/** What a new definition starts from: a one-field form and one approval node still to configure. */
export const starterDefinition = (name: string, kind: WorkflowKind): Definition => {
  const node = newTaskNode("approval", "approval-1", "审批人");
  delete node.assignees;
  return {
    key: "",
    name,
    kind,
    form: {
      type: "object",
      required: ["title"],
      properties: { title: { type: "string", title: "标题", maxLength: 200 } },
    },
    admins: [],
    // A submitter is not their own approver by default (issue 26): the step goes to their superior,
    // so a department head's own request is still approved by someone (skipping would pass it).
    settings: { dedupe: "adjacent", cancelAfterApproved: true, selfApproval: "toManager" },
    start: { initiators: { kind: "all" }, fields: {} },
    nodes: [node],
  };
};
