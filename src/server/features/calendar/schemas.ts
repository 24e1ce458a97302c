/** JSON schemas of the calendar routes (Fastify's ajv checks requests before any handler runs). */

const uuid = { type: "string", format: "uuid" } as const;
const day = { type: "string", format: "date" } as const;
const instant = { type: "string", format: "date-time" } as const;

export const calendarQuery = {
  type: "object",
  required: ["from", "to"],
  additionalProperties: false,
  properties: {
    from: day,
    to: day,
    scope: { type: "string", enum: ["me", "member", "department", "firm"] },
    memberId: uuid,
    departmentId: uuid,
    types: { type: "array", maxItems: 30, items: { type: "string", maxLength: 60 } },
  },
} as const;

/** The month grid: how many rows a day can show (FullCalendar's dayMaxEvents). */
export const monthQuery = {
  ...calendarQuery,
  required: ["from", "to", "perDay"],
  properties: { ...calendarQuery.properties, perDay: { type: "integer", minimum: 2, maximum: 20 } },
} as const;

const eventFields = {
  title: { type: "string", minLength: 1, maxLength: 200, pattern: "\\S" },
  kind: { type: "string", enum: ["meeting", "call", "other"] },
  startsAt: instant,
  endsAt: instant,
  // One type list, not anyOf: a plain schema the route-table walkers can fill in.
  caseId: { type: ["string", "null"], format: "uuid" },
  location: { type: "string", maxLength: 200 },
} as const;

export const createBody = {
  type: "object",
  required: ["title", "startsAt", "endsAt"],
  additionalProperties: false,
  properties: eventFields,
} as const;
export const updateBody = {
  type: "object",
  required: ["version"],
  additionalProperties: false,
  properties: { ...eventFields, version: { type: "integer", minimum: 1 } },
} as const;
