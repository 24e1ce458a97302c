/** Params of every `/:id` route whose rows have uuid ids. */
export const idParams = {
  type: "object",
  required: ["id"],
  properties: { id: { type: "string", format: "uuid" } },
} as const;
