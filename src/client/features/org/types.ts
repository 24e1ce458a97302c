export type { Department, Member, Role } from "../../../shared/contracts/org";

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
