/** JSON schemas of the organisation routes (Fastify's ajv checks requests before any handler runs). */
import type { Department, Member, Role } from "../../../shared/contracts/org";
import { answers, fieldsOf, listOf, orNull } from "../../lib/answers";
import { listFilter, listQuery, textFilter } from "../../lib/list-query";
import { MEMBER_SORT } from "./members-service";

const version = { type: "integer", minimum: 1 } as const;

// Members.
const ids = { type: "array", maxItems: 100, items: { type: "string", format: "uuid" } } as const;

/** Shared by create and edit; the formats are the seed's member validators (src/shared/validators). */
export const memberFields = {
  name: { type: "string", minLength: 1, maxLength: 50, format: "memberName" },
  nameSuffix: { type: "string", maxLength: 50, format: "zhEnSymbols" },
  phone: { type: "string", maxLength: 30, format: "phone" },
  email: { type: "string", maxLength: 200, format: "contactEmail" },
  position: { type: "string", maxLength: 50, format: "zhEnSymbols" },
  departmentIds: ids,
  roleIds: ids,
} as const;

export const memberListQuery = listQuery(Object.keys(MEMBER_SORT), {
  q: textFilter,
  name_like: textFilter,
  position_like: textFilter,
  isEnabled: { type: "string", enum: ["true", "false"] },
  departmentId: listFilter,
  roleId: listFilter,
  // qs-style arrays (`departmentId[]=…`), as saved filters are replayed.
  "departmentId[]": listFilter,
  "roleId[]": listFilter,
});

export const memberCreateBody = {
  type: "object",
  required: ["account", "username"],
  additionalProperties: false,
  properties: {
    account: { type: "string", enum: ["new", "existing"] },
    username: { type: "string", minLength: 2, maxLength: 50, format: "account" },
    password: { type: "string", minLength: 8, maxLength: 200 },
    ...memberFields,
  },
} as const;

export const memberPatchBody = {
  type: "object",
  required: ["version"],
  additionalProperties: false,
  properties: {
    ...memberFields,
    isEnabled: { type: "boolean" },
    version: { type: "integer", minimum: 1 },
  },
} as const;

const text = { type: "string" } as const;
const ref = { id: text, name: text } as const;
const member = {
  type: "object",
  properties: fieldsOf<Member>()({
    id: text,
    userId: text,
    username: text,
    name: text,
    nameSuffix: text,
    phone: text,
    email: text,
    position: text,
    isEnabled: { type: "boolean" },
    isAccountEnabled: { type: "boolean" },
    createdAt: text,
    version: { type: "integer" },
    departments: listOf({ type: "object", properties: ref }),
    roles: listOf({ type: "object", properties: { ...ref, code: text } }),
  }),
} as const;
export const memberAnswer = answers(member);
export const memberListAnswer = answers(listOf(member));

// Departments.
const departmentName = { type: "string", minLength: 1, maxLength: 100 } as const;
const optionalId = { type: ["string", "null"], format: "uuid" } as const;

export const departmentCreateBody = {
  type: "object",
  required: ["name"],
  additionalProperties: false,
  properties: { name: departmentName, parentId: optionalId, managerId: optionalId },
} as const;

export const departmentPatchBody = {
  type: "object",
  required: ["version"],
  additionalProperties: false,
  properties: { name: departmentName, managerId: optionalId, version },
} as const;

export const departmentMoveBody = {
  type: "object",
  required: ["parentId", "index", "version"],
  additionalProperties: false,
  properties: {
    parentId: optionalId,
    index: { type: "integer", minimum: 0, maximum: 10_000 },
    version,
  },
} as const;

const department = {
  type: "object",
  properties: fieldsOf<Department>()({
    id: text,
    parentId: orNull("string"),
    name: text,
    sortOrder: { type: "integer" },
    managerId: orNull("string"),
    managerName: orNull("string"),
    version: { type: "integer" },
    memberCount: { type: "integer" },
  }),
} as const;
export const departmentAnswer = answers(department);
export const departmentListAnswer = answers(listOf(department));

// Roles.
const oneOrMany = {
  anyOf: [
    { type: "string", minLength: 1, maxLength: 64 },
    {
      type: "array",
      minItems: 1,
      maxItems: 20,
      items: { type: "string", minLength: 1, maxLength: 64 },
    },
  ],
} as const;

/** A CASL rule as stored on a role; what the values may be is checked by shared/permission-scopes. */
const rule = {
  type: "object",
  required: ["action", "subject"],
  additionalProperties: false,
  properties: {
    action: oneOrMany,
    subject: oneOrMany,
    conditions: { type: "object", maxProperties: 5 },
    fields: {
      type: "array",
      maxItems: 100,
      items: { type: "string", minLength: 1, maxLength: 64 },
    },
    inverted: { type: "boolean" },
    reason: { type: "string", maxLength: 200 },
  },
} as const;

const rules = { type: "array", maxItems: 500, items: rule } as const;
const roleName = { type: "string", minLength: 1, maxLength: 50 } as const;
const description = { type: "string", maxLength: 200 } as const;

export const roleCreateBody = {
  type: "object",
  required: ["name", "code"],
  additionalProperties: false,
  properties: {
    name: roleName,
    code: { type: "string", minLength: 1, maxLength: 50, pattern: "^[a-z][a-z0-9_-]*$" },
    description,
    rules,
    isPartner: { type: "boolean" },
  },
} as const;

export const rolePatchBody = {
  type: "object",
  required: ["version"],
  additionalProperties: false,
  properties: {
    name: roleName,
    description,
    isPartner: { type: "boolean" },
    version: { type: "integer", minimum: 1 },
  },
} as const;

export const roleRulesBody = {
  type: "object",
  required: ["rules", "version"],
  additionalProperties: false,
  properties: { rules, version: { type: "integer", minimum: 1 } },
} as const;

const role = {
  type: "object",
  properties: fieldsOf<Role>()({
    workspaceId: text,
    id: text,
    name: text,
    code: text,
    description: text,
    // CASL rules as stored on the role: sent whole.
    rules: listOf({ type: "object", additionalProperties: true }),
    isSystem: { type: "boolean" },
    isPartner: { type: "boolean" },
    createdAt: text,
    createdBy: orNull("string"),
    updatedAt: text,
    updatedBy: orNull("string"),
    version: { type: "integer" },
    memberCount: { type: "integer" },
  }),
} as const;
export const roleAnswer = answers(role);
export const roleListAnswer = answers(listOf(role));

// Member groups, saved filters, the picker.
const uuids = { type: "array", maxItems: 500, items: { type: "string", format: "uuid" } } as const;
const groupName = { type: "string", minLength: 1, maxLength: 50 } as const;

export const groupBody = (required: string[]) =>
  ({
    type: "object",
    required,
    additionalProperties: false,
    properties: {
      name: groupName,
      sortOrder: { type: "integer", minimum: 0, maximum: 100_000 },
      memberIds: uuids,
      version,
    },
  }) as const;

/** The member-list query a saved filter replays (same keys as GET /api/members). */
const filterShape = {
  type: "object",
  additionalProperties: false,
  properties: {
    q: { type: "string", maxLength: 100 },
    position_like: { type: "string", maxLength: 50 },
    isEnabled: { type: "boolean" },
    departmentId: { type: "array", maxItems: 50, items: { type: "string", format: "uuid" } },
    roleId: { type: "array", maxItems: 50, items: { type: "string", format: "uuid" } },
  },
} as const;

export const filterBody = (required: string[]) =>
  ({
    type: "object",
    required,
    additionalProperties: false,
    properties: { name: groupName, filter: filterShape, version },
  }) as const;

export const pickerQuery = {
  type: "object",
  properties: { includeDisabled: { type: "boolean" } },
} as const;

// The firm's time zone.
export const timeZoneBody = {
  type: "object",
  required: ["timeZone"],
  additionalProperties: false,
  properties: { timeZone: { type: "string", minLength: 1, maxLength: 64 } },
} as const;
