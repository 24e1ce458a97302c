/**
 * Fees, invoices and fee sharing as both sides exchange them. Money is decimal text
 * ("1200000.00"), percentages decimal text with two places ("35.00"), days YYYY-MM-DD, months
 * YYYY-MM, timestamps ISO text. The computations behind these answers live in src/shared/fees.
 */
import type {
  AgeingBucket,
  AllocationLine,
  CaseAllocation,
  FeeArrangement,
  FeeRule,
  Instalment,
  InstalmentState,
  ManagementFeeBase,
  RuleStep,
  TriggerDates,
} from "../fees";

// ---------------------------------------------------------------- fee terms and schedule

/** GET /cases/:id/fee-terms: the agreement, its schedule as entered and each instalment's state. */
export type FeeTerms = {
  caseId: string;
  arrangement: FeeArrangement | null;
  schedule: Instalment[];
  triggerDates: TriggerDates;
  sourceContractId: string | null;
  /** The agreed fee when it can be known ("" while hourly or contingent and unknown). */
  agreedFee: string;
  instalments: InstalmentState[];
  /** Received beyond what the schedule asks for. */
  unallocated: string;
  version: number;
};

/** PUT /cases/:id/fee-terms. */
export type FeeTermsInput = {
  arrangement: FeeArrangement | null;
  schedule: Instalment[];
  triggerDates: TriggerDates;
  version: number;
};

/** POST /cases/:id/fee-terms/from-contract: copy the engagement contract's fee terms. */
export type FeeTermsFromContract = { contractId: string; version: number };

// ---------------------------------------------------------------- allocation

/** GET /cases/:id/fee-allocation. */
export type FeeAllocationView = {
  caseId: string;
  /** The allocation as entered on the case (null: none yet). */
  allocation: CaseAllocation | null;
  /** The case's management-fee override (null: the firm's). */
  managementFeePercent: string | null;
  firmManagementFeePercent: string;
  /** The allocation after the firm's rules, with the steps that changed it. */
  effective: { lines: AllocationLine[]; steps: RuleStep[] } | null;
  versions: {
    id: string;
    effectiveFrom: string;
    allocation: CaseAllocation;
    managementFeePercent: string | null;
    createdBy: string | null;
    createdAt: string;
  }[];
  /** The case-change approval deciding a change, when one is under way. */
  pendingApprovalId: string | null;
};

/** PUT /cases/:id/fee-allocation: applied at once, or put up for the case-change approval. */
export type FeeAllocationInput = {
  allocation: CaseAllocation;
  managementFeePercent: string | null;
  /** The case's version the form read: a colleague's save in between answers 409. */
  version?: number;
};
export type FeeAllocationResult = { applied: boolean; approvalId: string | null };

// ---------------------------------------------------------------- settings

/** GET/PUT /fees/settings: the firm's fee-sharing settings. */
export type FeeSettingsView = {
  managementFeePercent: string;
  deductInvoiceTax: boolean;
  managementFeeBase: ManagementFeeBase;
  rules: FeeRule[];
};

// ---------------------------------------------------------------- invoices

export const INVOICE_TYPES = ["vatNormal", "vatSpecial", "electronic"] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];

export const INVOICE_STATUSES = [
  "pending",
  "approved",
  "rejected",
  "issued",
  "reversed",
  "voided",
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export type InvoiceItem = { name: string; amount: string };

/** POST /invoice-requests: starts the "invoice" approval. Answers { invoiceId, instanceId }. */
export type InvoiceRequestInput = {
  caseId: string;
  billId?: string | null;
  paymentId?: string | null;
  invoiceType: InvoiceType;
  buyerTitle: string;
  buyerTaxId?: string | null;
  /** Tax-inclusive (价税合计). */
  amount: string;
  /** A value of the firm's "invoice-tax-rates" dictionary ("6.00"). */
  taxRate: string;
  items: InvoiceItem[];
  remark?: string | null;
};
export type InvoiceRequestResult = { invoiceId: string; instanceId: string };

/** An invoice number: 8 digits (paper, with a code) or 20 (数电发票, no code); digits between. */
export const INVOICE_NO_DIGITS = { min: 8, max: 20 } as const;
/** A paper invoice's code (发票代码): 10 to 12 digits. */
export const INVOICE_CODE_DIGITS = { min: 10, max: 12 } as const;
const digits = (n: { min: number; max: number }) => `[0-9]{${n.min},${n.max}}`;
export const INVOICE_NO_PATTERN = `^${digits(INVOICE_NO_DIGITS)}$`;
export const INVOICE_CODE_PATTERN = `^${digits(INVOICE_CODE_DIGITS)}$`;

/** POST /invoices/:id/issue (finance). */
export type InvoiceIssueInput = {
  invoiceNo: string;
  invoiceCode?: string | null;
  issuedOn: string;
  invoiceFileIds: string[];
};

/** POST /invoices/:id/reverse (红冲) and /invoices/:id/void. */
export type InvoiceCancelInput = { reason: string; on: string };

/** POST /invoices/:id/matches: match (part of) a payment to the invoice. */
export type InvoiceMatchInput = { paymentId: string; amount: string };
export type InvoiceMatch = {
  invoiceId: string;
  paymentId: string;
  amount: string;
  paidOn: string;
  paymentAmount: string;
};

/**
 * GET /invoices/:id (the generic detail) and GET /invoice-requests/:instanceId (the approval's
 * detail, for whoever may open the approval): the invoice with what its screens name.
 */
export type InvoiceDetail = {
  id: string;
  requestNo: string;
  caseId: string;
  caseNo: string;
  caseName: string;
  accountId: string;
  accountName: string;
  billId: string | null;
  billNo: string | null;
  paymentId: string | null;
  /** The day the payment the request was made from was received. */
  paymentPaidOn: string | null;
  invoiceType: InvoiceType;
  buyerTitle: string;
  buyerTaxId: string | null;
  amount: string;
  taxRate: string;
  taxAmount: string;
  items: InvoiceItem[];
  remark: string | null;
  status: InvoiceStatus;
  approvalId: string | null;
  /** The approval's own status ("running", "approved", "rejected", "cancelled"). */
  approvalStatus: string | null;
  invoiceNo: string | null;
  invoiceCode: string | null;
  issuedOn: string | null;
  invoiceFileIds: string[];
  /** The invoice files' names by id. */
  fileNames: Record<string, string>;
  issuedBy: string | null;
  cancelReason: string | null;
  cancelledOn: string | null;
  cancelledBy: string | null;
  /** What is matched to payments, and what is left to match. */
  matched: string;
  unmatched: string;
  matches: InvoiceMatch[];
  version: number;
  createdBy: string | null;
  createdAt: string;
};

/** GET /cases/:id/invoicing: invoiced against received, and where they do not meet. */
export type CaseInvoicing = {
  billed: string;
  received: string;
  invoiced: string;
  /** Invoiced (issued, not reversed or voided) but not matched to a payment. */
  invoicedNotReceived: string;
  /** Received but not matched to an invoice. */
  receivedNotInvoiced: string;
  payments: { id: string; paidOn: string; amount: string; matched: string }[];
  invoices: {
    id: string;
    requestNo: string;
    status: InvoiceStatus;
    invoiceNo: string | null;
    amount: string;
    matched: string;
  }[];
};

// ---------------------------------------------------------------- receivables

/** GET /fees/receivables: what each client owes across its cases on `asOf`. */
export type ReceivableRow = {
  accountId: string;
  accountName: string;
  /** "organization" or "individual": which client page the name links to. */
  accountType: string;
  cases: number;
  billed: string;
  received: string;
  invoiced: string;
  outstanding: string;
  buckets: Record<AgeingBucket, string>;
};
export type Receivables = {
  asOf: string;
  rows: ReceivableRow[];
  totals: Omit<ReceivableRow, "accountId" | "accountName" | "accountType" | "cases">;
};

// ---------------------------------------------------------------- share lines and statements

export type ShareLine = {
  id: string;
  period: string;
  paymentId: string;
  paidOn: string;
  caseId: string;
  caseNo: string;
  caseName: string;
  kind: "tax" | "management" | "member" | "rounding";
  memberId: string | null;
  role: string | null;
  percent: string | null;
  amount: string;
  refersTo: string | null;
  reason: string;
  createdAt: string;
};

/** GET /fees/statements?period=: every member's total for a month (finance). */
export type PeriodStatements = {
  period: string;
  closed: boolean;
  closedAt: string | null;
  members: { memberId: string; name: string; lines: number; total: string }[];
  firm: { tax: string; management: string; rounding: string };
  received: string;
};

/** GET /fees/statements/:memberId?period= and GET /fees/my-earnings?period=. */
export type MemberStatement = {
  period: string;
  closed: boolean;
  memberId: string;
  name: string;
  total: string;
  lines: ShareLine[];
  /** The member's month totals for the last twelve months, oldest first. */
  months: { period: string; total: string; closed: boolean }[];
};

/** GET /fees/periods: closed months, newest first, and the month a close would take next. */
export type FeePeriods = {
  closed: { period: string; closedAt: string; closedBy: string | null }[];
  nextToClose: string;
};
/** POST /fees/periods: close a month (409 when closed already or out of order). */
export type FeePeriodClose = { period: string };
