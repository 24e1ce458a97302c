import type { PermissionRule } from "../../../shared/permissions";

export type { Member } from "../../../shared/contracts/org";

export type Department = {
  id: string;
  parentId: string | null;
  name: string;
  sortOrder: number;
  managerId: string | null;
  managerName: string | null;
  memberCount: number;
  version: number;
};

export type Role = {
  id: string;
  name: string;
  code: string;
  description: string;
  rules: PermissionRule[];
  isSystem: boolean;
  /** Its members are offered as a case's supervising partner. */
  isPartner: boolean;
  memberCount: number;
  version: number;
};

export type MemberGroup = {
  id: string;
  name: string;
  sortOrder: number;
  memberIds: string[];
  members: { userId: string; name: string }[];
  version: number;
};

/** The member-list query a saved filter replays (the keys GET /api/members reads). */
export type MemberFilter = {
  q?: string;
  departmentId?: string[];
  roleId?: string[];
  isEnabled?: boolean;
};

export type SavedFilter = { id: string; name: string; filter: MemberFilter; version: number };
