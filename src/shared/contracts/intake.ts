/** Request and answer shapes of the intake (案源) routes, shared by the server and the client. */

/** A party named on a lead, to prefill its conflict check and the case submission. */
export type LeadParty = {
  name: string;
  partyType: "natural" | "organization";
  /** As a case party's conflict role: a counterparty is checked as an adverse party. */
  conflictRole: "client" | "counterparty" | "other";
};

/** The stages the intake code itself relies on; a firm may add others to its dictionary. */
export const LEAD_STAGE = {
  consult: "consult",
  conflict: "conflict",
  quote: "quote",
  won: "won",
  lost: "lost",
} as const;

/** What the case submission form is opened with after converting a lead. */
export type LeadConversion = {
  leadId: string;
  accountId: string;
  name: string;
  caseType: string | null;
  parties: LeadParty[];
  conflictReportId: string | null;
  originatorId: string | null;
  feeAllocation: { originatorId: string | null; lines: [] };
  /** True when the conversion made the client from the lead's prospect. */
  isAccountCreated: boolean;
};

/** One row of GET /api/intake/stats: leads of a source and how many became cases. */
export type IntakeSourceStats = {
  source: string | null;
  leads: number;
  converted: number;
  /** converted / leads as a percentage with two decimals ("33.33"); "0.00" without leads. */
  conversionRate: string;
};
