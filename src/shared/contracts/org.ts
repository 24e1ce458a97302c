/**
 * The organisation area's requests and answers, as the server sends them and the client reads
 * them (timestamps are ISO text on the wire). One definition, so the two cannot drift.
 */
import type { PermissionRule } from "../permissions";

export type OrgRef = { id: string; name: string };

/** A member of the firm: the account's name and login, the firm's own contact fields and links. */
export type Member = {
  id: string;
  userId: string;
  username: string;
  name: string;
  nameSuffix: string;
  phone: string;
  email: string;
  position: string;
  isEnabled: boolean;
  /** The user-center account (shared by every firm it belongs to) may sign in. */
  isAccountEnabled: boolean;
  createdAt: string;
  version: number;
  departments: OrgRef[];
  roles: (OrgRef & { code: string })[];
};

/** POST /members: a new account, or an existing user-center account added to this firm. */
export type MemberInput = {
  account: "new" | "existing";
  username: string;
  name?: string;
  nameSuffix?: string;
  password?: string;
  phone?: string;
  email?: string;
  position?: string;
  departmentIds?: string[];
  roleIds?: string[];
};

/** PATCH /members/:id: the fields to change, at the version read. */
export type MemberPatch = Partial<Omit<MemberInput, "account" | "username" | "password">> & {
  isEnabled?: boolean;
  version: number;
};

/** A department as the tree lists it (flat, in tree order), with its manager's name and head count. */
export type Department = {
  id: string;
  parentId: string | null;
  name: string;
  sortOrder: number;
  managerId: string | null;
  managerName: string | null;
  version: number;
  memberCount: number;
};

/** A role with its permission rules and how many members hold it. */
export type Role = {
  workspaceId: string;
  id: string;
  name: string;
  code: string;
  description: string;
  rules: PermissionRule[];
  isSystem: boolean;
  /** Its members are offered as a case's supervising partner. */
  isPartner: boolean;
  createdAt: string;
  createdBy: string | null;
  updatedAt: string;
  updatedBy: string | null;
  version: number;
  memberCount: number;
};
