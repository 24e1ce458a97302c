/** A case's lifecycle (cases.status). */
export const CASE_STATUS = {
  preFiling: "pre-filing",
  formal: "formal",
  closed: "closed",
  terminated: "terminated",
} as const;

export type CaseStatus = (typeof CASE_STATUS)[keyof typeof CASE_STATUS];

/** businessRef prefixes of the approvals this feature starts. */
export const CASE_REF = "cases";

/** The termination reason the expiry job writes; the screens translate it. */
export const EXPIRED_REASON = "system:validity-expired";

/** Team roles in case_members. */
export const TEAM_ROLES = {
  lead: "lead",
  coCounsel: "co-counsel",
  assistant: "assistant",
  supervisor: "supervisor",
} as const;
