/** JSON schemas of the closing routes (Fastify's ajv checks requests before any handler runs). */
import {
  CLOSING_EXPLANATION_MAX,
  CLOSING_ITEM_KEYS,
  CLOSING_RESULTS,
  CLOSING_SUMMARY_MAX,
} from "../../../shared/contracts/closing";

/** An explanation may be left empty for an item that is resolved; the service asks for the rest. */
const explanation = { type: "string", maxLength: CLOSING_EXPLANATION_MAX } as const;

export const submitBody = {
  type: "object",
  required: ["summary"],
  additionalProperties: false,
  properties: {
    summary: {
      type: "object",
      required: ["result", "text"],
      additionalProperties: false,
      properties: {
        result: { type: "string", enum: [...CLOSING_RESULTS] },
        // Money as text; its value (zero or more, two decimals) is checked by the service.
        recoveredAmount: { type: ["string", "null"], maxLength: 20 },
        text: { type: "string", minLength: 1, maxLength: CLOSING_SUMMARY_MAX, pattern: "\\S" },
      },
    },
    explanations: {
      type: "object",
      additionalProperties: false,
      properties: Object.fromEntries(CLOSING_ITEM_KEYS.map((key) => [key, explanation])),
    },
  },
} as const;
