/**
 * Business approvals open on their own detail routes, which show what the approval is
 * about above the form; every other kind opens the generic /workflow/detail/:id.
 */
const DETAIL_PATHS: Partial<Record<string, string>> = {
  contract: "/contract/workflow",
  "contract-archive": "/contract/workflow/archive",
  "contract-cancel": "/contract/workflow/cancel",
  seal: "/seal/workflow",
  case: "/case/workflow",
  "case-change": "/case/workflow/change",
  "case-close": "/case/workflow/close",
  invoice: "/invoice/workflow",
};

export const approvalPathOf = (kind: string | undefined, instanceId: string) =>
  `${(kind && DETAIL_PATHS[kind]) || "/workflow/detail"}/${instanceId}`;
