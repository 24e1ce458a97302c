/** JSON schemas of the conflict routes (Fastify's ajv checks requests before any handler runs). */
import { CONFLICT_SCOPES, DECISIONS, KEYWORD_MAX_LENGTH, MAX_KEYWORDS } from "../../../shared/contracts/conflicts";

const uuid = { type: "string", format: "uuid" } as const;
// One more than allowed passes the schema so the service answers SPEC §5's own message.
const keywords = { type: "array", maxItems: MAX_KEYWORDS + 1, items: { type: "string", maxLength: KEYWORD_MAX_LENGTH } } as const;
const scopes = { type: "array", maxItems: CONFLICT_SCOPES.length, uniqueItems: true, items: { type: "string", enum: [...CONFLICT_SCOPES] } } as const;
// Which of the keywords the new-case form entered as an adverse party (each must be one of them).
const adverse = { type: "array", maxItems: MAX_KEYWORDS + 1, items: { type: "string", maxLength: KEYWORD_MAX_LENGTH } } as const;
export const searchBody = { type: "object", required: ["keywords"], additionalProperties: false, properties: { keywords, scopes, adverse } } as const;
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
        properties: { key: { type: "string", maxLength: 2000 }, decision: { type: "string", enum: [...DECISIONS] }, remark: { type: "string", maxLength: 1000 }, waiverFileId: uuid },
      },
    },
  },
} as const;
export const idParams = { type: "object", required: ["id"], additionalProperties: false, properties: { id: uuid } } as const;
export const listQuery = { type: "object", additionalProperties: false, properties: { q: { type: "string", maxLength: 100 }, caseId: uuid } } as const;
