/**
 * Closing a case (结案): the checklist the lawyer works through and the summary that goes to the
 * "case-close" approval, as both sides read them. Accepting that approval closes the case.
 */

/** What may still be open on a case, in the order the checklist shows them. */
export const CLOSING_ITEM_KEYS = [
  "keyDates",
  "tasks",
  "unbilledTime",
  "unbilledExpenses",
  "unpaidBills",
  "uninvoicedBills",
  "sealRequests",
  "contracts",
  "signingRequests",
] as const;
export type ClosingItemKey = (typeof CLOSING_ITEM_KEYS)[number];

/** How the matter ended; the approval and the case show the label (closing.results.<code>). */
export const CLOSING_RESULTS = [
  "judgment",
  "settlement",
  "mediation",
  "withdrawal",
  "dismissed",
  "other",
] as const;
export type ClosingResult = (typeof CLOSING_RESULTS)[number];

/** The businessRef of a closing's approval; the case's approvals tab lists it by this. */
export const closingRef = (closingId: string) => `case-closings:${closingId}`;

export const CLOSING_SUMMARY_MAX = 2000;
export const CLOSING_EXPLANATION_MAX = 500;

/** One line of the checklist: resolved when nothing is open (count 0). */
export type ClosingItem = {
  key: ClosingItemKey;
  count: number;
  resolved: boolean;
  /** What the lawyer wrote for it on the closing under approval, if any. */
  explanation?: string;
};

/** GET /cases/:id/closing-checklist */
export type ClosingChecklist = {
  caseId: string;
  status: string;
  items: ClosingItem[];
  /** The closing approval under way (one per case), else null. */
  pendingApprovalId: string | null;
  /** The summary of the accepted closing, once the case is closed through one. */
  closing: ClosingRecord | null;
};

export type ClosingSummary = {
  result: ClosingResult;
  /** Money as text ("125000.00"); optional. */
  recoveredAmount?: string | null;
  text: string;
};

export type ClosingRecord = ClosingSummary & {
  id: string;
  status: "pending" | "approved" | "rejected" | "cancelled";
  approvalId: string | null;
  explanations: Partial<Record<ClosingItemKey, string>>;
  closedAt: string | null;
};

/** GET /closing-requests/:id (the approval's id): what a closing approval decides. */
export type ClosingOfApproval = {
  caseId: string;
  caseNo: string;
  caseName: string;
  caseStatus: string;
  closing: ClosingRecord;
  /** The checklist as it stood when the lawyer submitted. */
  submitted: ClosingItem[];
  /** The checklist now, with the explanations submitted. */
  items: ClosingItem[];
};

/** POST /cases/:id/closing-submissions (Idempotency-Key) */
export type ClosingSubmitInput = {
  summary: ClosingSummary;
  explanations?: Partial<Record<ClosingItemKey, string>>;
};

export type ClosingSubmitResult = { closingId: string; instanceId: string };
