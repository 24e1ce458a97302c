/**
 * The conflict check's requests and answers, as the server sends them and the client reads them
 * (timestamps are ISO text on the wire). One definition, so the two cannot drift.
 */

/** Where a check looks: the firm's clients, employees, case parties, and the clients' equity. */
export const CONFLICT_SCOPES = ["clients", "employees", "parties", "equity"] as const;
export type ConflictScope = (typeof CONFLICT_SCOPES)[number];
/** Keywords one check takes at most. */
export const MAX_KEYWORDS = 10;
/** Longest keyword a route takes. */
export const KEYWORD_MAX_LENGTH = 200;

/** What a reviewer decides about one hit; "waived" needs the client's waiver letter. */
export const DECISIONS = ["none", "potential", "conflict", "waived"] as const;
export type DecisionKind = (typeof DECISIONS)[number];

/** How a keyword matched a stored name, strongest first (see the server's keys.ts). */
export type MatchKind =
  "identifier" | "exact" | "suffix" | "region" | "partial" | "pinyin" | "initials";
/** One link of an equity path: the company or holder reached, and the share held. */
export type EquityStep = { name: string; share: number };
/** Up: who holds the client; down: what the client holds. */
export type HitPath = { direction: "up" | "down"; from: string; steps: EquityStep[] };

export type ConflictHit = {
  /** Stable within a check: the save pairs decisions with hits by it. */
  key: string;
  keyword: string;
  source: "client" | "employee" | "party" | "equity";
  match: MatchKind | "equity";
  name: string;
  conflictRole: string;
  accountId: string | null;
  accountName: string | null;
  caseId: string | null;
  caseNo: string | null;
  caseName: string | null;
  caseStatus: string | null;
  caseCreatedAt: string | null;
  leadLawyer: string | null;
  /** The case's supervising partner: whom to ask about a case the caller may not open. */
  leadPartner: string | null;
  likelyConflict: boolean;
  /** A party of a case the caller may not open: only that a case exists and whom to ask. */
  masked: boolean;
  path: HitPath | null;
};

/** POST /conflicts/search; `adverse`: those keywords a new-case form entered as an adverse party. */
export type ConflictCheckInput = {
  keywords: string[];
  scopes?: ConflictScope[];
  adverse?: string[];
};
export type ConflictCheckResult = {
  keywords: string[];
  scopes: ConflictScope[];
  adverse: string[];
  hits: ConflictHit[];
};

export type HitDecision = {
  key: string;
  decision: DecisionKind;
  remark?: string;
  waiverFileId?: string;
};
/** POST /conflicts/reports: the check is run again on save, the decisions paired with its hits. */
export type SaveReportInput = ConflictCheckInput & { decisions?: HitDecision[]; caseId?: string };

/** A hit as a saved report keeps it; reports saved before masking existed lack `masked` and `leadPartner`. */
export type SavedHit = Omit<ConflictHit, "masked" | "leadPartner"> &
  Partial<Pick<ConflictHit, "masked" | "leadPartner">> & {
    decision: DecisionKind | null;
    remark: string;
    waiverFileId: string | null;
  };

/** A saved report as stored (the answer of POST /conflicts/reports). */
export type ConflictReport = {
  workspaceId: string;
  id: string;
  createdAt: string;
  createdBy: string;
  createdByName: string;
  keywords: string[];
  scopes: string[];
  hits: SavedHit[];
  caseId: string | null;
};

/** One PDF exported of a report, with the SHA-256 recorded before it was sent. */
export type PdfExport = { at: string; by: string | null; sha256: string };

/** GET /conflicts/reports/:id: the report, its waiver letters' names, its exports newest first. */
export type ConflictReportDetail = ConflictReport & {
  letters: { id: string; name: string }[];
  exports: PdfExport[];
};

/** A row of GET /conflicts/reports (newest first). */
export type ConflictReportRow = {
  id: string;
  createdAt: string;
  createdBy: string;
  createdByName: string;
  keywords: string[];
  caseId: string | null;
  hitCount: number;
  lastPdfSha256: string | null;
  /** No case, but a new case's submission carrying it is still in approval. */
  isPending: boolean;
};
