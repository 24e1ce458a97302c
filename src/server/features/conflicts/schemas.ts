/** JSON schemas of the conflict routes (Fastify's ajv checks requests before any handler runs). */
import {
  CONFLICT_SCOPES,
  type ConflictCheckResult,
  type ConflictHit,
  type ConflictReport,
  type ConflictReportDetail,
  type ConflictReportRow,
  DECISIONS,
  type EquityStep,
  type HitPath,
  KEYWORD_MAX_LENGTH,
  MAX_KEYWORDS,
  type PdfExport,
  type SavedHit,
} from "../../../shared/contracts/conflicts";
import { answers, fieldsOf, listOf, orNull } from "../../lib/answers";

const uuid = { type: "string", format: "uuid" } as const;
// One more than allowed passes the schema so the service answers with its own message.
const keywords = {
  type: "array",
  maxItems: MAX_KEYWORDS + 1,
  items: { type: "string", maxLength: KEYWORD_MAX_LENGTH },
} as const;
const scopes = {
  type: "array",
  maxItems: CONFLICT_SCOPES.length,
  uniqueItems: true,
  items: { type: "string", enum: [...CONFLICT_SCOPES] },
} as const;
// Which of the keywords the new-case form entered as an adverse party (each must be one of them).
const adverse = {
  type: "array",
  maxItems: MAX_KEYWORDS + 1,
  items: { type: "string", maxLength: KEYWORD_MAX_LENGTH },
} as const;
export const searchBody = {
  type: "object",
  required: ["keywords"],
  additionalProperties: false,
  properties: { keywords, scopes, adverse },
} as const;
export const saveBody = {
  type: "object",
  required: ["keywords"],
  additionalProperties: false,
  properties: {
    keywords,
    scopes,
    adverse,
    caseId: uuid,
    decisions: {
      type: "array",
      maxItems: 2000,
      items: {
        type: "object",
        required: ["key", "decision"],
        additionalProperties: false,
        properties: {
          key: { type: "string", maxLength: 2000 },
          decision: { type: "string", enum: [...DECISIONS] },
          remark: { type: "string", maxLength: 1000 },
          waiverFileId: uuid,
        },
      },
    },
  },
} as const;
export const idParams = {
  type: "object",
  required: ["id"],
  additionalProperties: false,
  properties: { id: uuid },
} as const;
export const listQuery = {
  type: "object",
  additionalProperties: false,
  properties: { q: { type: "string", maxLength: 100 }, caseId: uuid },
} as const;

// Answers (lib/answers.ts): each names every field of its shared type.
const text = { type: "string" } as const;
const texts = listOf(text);
const path = {
  type: ["object", "null"],
  properties: fieldsOf<HitPath>()({
    direction: text,
    from: text,
    steps: listOf({
      type: "object",
      properties: fieldsOf<EquityStep>()({ name: text, share: { type: "number" } }),
    }),
  }),
} as const;
const hitFields = {
  key: text,
  keyword: text,
  source: text,
  match: text,
  name: text,
  conflictRole: text,
  accountId: orNull("string"),
  accountName: orNull("string"),
  caseId: orNull("string"),
  caseNo: orNull("string"),
  caseName: orNull("string"),
  caseStatus: orNull("string"),
  caseCreatedAt: orNull("string"),
  leadLawyer: orNull("string"),
  leadPartner: orNull("string"),
  likelyConflict: { type: "boolean" },
  masked: { type: "boolean" },
  path,
} as const;
const hit = { type: "object", properties: fieldsOf<ConflictHit>()(hitFields) } as const;
// A saved report's hits are stored as JSON: kept whole, whatever an older report holds.
const savedHit = {
  type: "object",
  additionalProperties: true,
  properties: fieldsOf<SavedHit>()({
    ...hitFields,
    decision: orNull("string"),
    remark: text,
    waiverFileId: orNull("string"),
  }),
} as const;
const reportFields = {
  workspaceId: text,
  id: text,
  createdAt: text,
  createdBy: text,
  createdByName: text,
  keywords: texts,
  scopes: texts,
  hits: listOf(savedHit),
  caseId: orNull("string"),
} as const;

export const checkAnswer = answers({
  type: "object",
  properties: fieldsOf<ConflictCheckResult>()({
    keywords: texts,
    scopes: texts,
    adverse: texts,
    hits: listOf(hit),
  }),
});
export const reportAnswer = answers({
  type: "object",
  properties: fieldsOf<ConflictReport>()(reportFields),
});
export const reportDetailAnswer = answers({
  type: "object",
  properties: fieldsOf<ConflictReportDetail>()({
    ...reportFields,
    letters: listOf({ type: "object", properties: { id: text, name: text } }),
    exports: listOf({
      type: "object",
      properties: fieldsOf<PdfExport>()({
        at: text,
        by: orNull("string"),
        sha256: orNull("string"),
      }),
    }),
  }),
});
export const reportListAnswer = answers(
  listOf({
    type: "object",
    properties: fieldsOf<ConflictReportRow>()({
      id: text,
      createdAt: text,
      createdBy: text,
      createdByName: text,
      keywords: texts,
      caseId: orNull("string"),
      hitCount: { type: "integer" },
      lastPdfSha256: orNull("string"),
      isPending: { type: "boolean" },
    }),
  }),
);
