/**
 * Lending (借阅) an archived volume: the request, the loan as lists show it, the open log. The
 * "archive-loan" approval decides a request; a loan lets its borrower read the volume until its
 * end day (the firm's clock), and every open is logged.
 */

export const LOAN_STATUSES = ["pending", "active", "returned", "rejected", "cancelled"] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

export const LOAN_PURPOSE_MAX = 500;
/** The longest loan a request may ask for, in days from today. */
export const LOAN_MAX_DAYS = 90;

export const loanRef = (loanId: string) => `archive-loans:${loanId}`;

/** POST /archive-volumes/:id/loans (Idempotency-Key). */
export type LoanRequestInput = { purpose: string; untilOn: string };
export type LoanRequestResult = { loanId: string; instanceId: string };

/** A row of GET /archive-loans. */
export type LoanRow = {
  id: string;
  volumeId: string;
  volumeNo: string | null;
  caseName: string;
  borrowerId: string;
  borrowerName: string | null;
  purpose: string;
  untilOn: string;
  status: LoanStatus;
  /** Active and past its end day: the borrower is reminded, the archivist sees it flagged. */
  overdue: boolean;
  /** Active and not past its end day: the borrower may read the volume now. */
  readable: boolean;
  approvalId: string | null;
  lentAt: string | null;
  returnedAt: string | null;
  opens: number;
  createdAt: string;
  version: number;
};

/** A row of GET /archive-catalogue: an archived volume anyone with archive rights may ask to borrow. */
export type CatalogueRow = {
  id: string;
  volumeNo: string;
  caseNo: string;
  caseName: string;
  year: number;
  archivedAt: string;
  /** The caller may open it now (its case's team, an active loan, the archivist). */
  readable: boolean;
  /** The caller's own pending or active loan of it, if any. */
  myLoan: { id: string; status: LoanStatus; untilOn: string } | null;
};

/** A row of GET /archive-loans/:id/opens. */
export type LoanOpen = {
  id: string;
  userName: string | null;
  what: "volume" | "pdf";
  openedAt: string;
};
