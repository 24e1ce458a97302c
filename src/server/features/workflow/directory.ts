import { and, asc, eq } from "drizzle-orm";

import type { KnownRefs, OrgDirectory } from "../../../shared/workflow";
import type { Db } from "../../db/client";
import { departments, memberDepartments, memberRoles, members, roles, users } from "../../db/tables";

/**
 * The firm's organization as the engine needs it, read fresh for every action: assignees are
 * resolved against the org as it is when a node is entered (WORKFLOW.md §1).
 */
export const loadDirectory = async (db: Db, workspaceId: string): Promise<OrgDirectory> => {
  // Sequential on purpose: inside a transaction (the seed) one connection runs one query at a time.
  const people = await db
    .select({ userId: members.userId, isMember: members.isEnabled, isUser: users.isEnabled, name: users.name })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(eq(members.workspaceId, workspaceId))
    .orderBy(asc(members.createdAt), asc(members.userId));
  const depts = await db
    .select({ id: departments.id, parentId: departments.parentId, managerId: departments.managerId, name: departments.name })
    .from(departments)
    .where(eq(departments.workspaceId, workspaceId));
  const roleRows = await db.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.workspaceId, workspaceId));
  const links = await db
    .select({ userId: memberRoles.userId, roleId: memberRoles.roleId })
    .from(memberRoles)
    .innerJoin(members, and(eq(members.workspaceId, memberRoles.workspaceId), eq(members.userId, memberRoles.userId)))
    .where(eq(memberRoles.workspaceId, workspaceId))
    .orderBy(asc(members.createdAt), asc(memberRoles.userId));
  const deptLinks = await db
    .select({ userId: memberDepartments.userId, departmentId: memberDepartments.departmentId })
    .from(memberDepartments)
    .innerJoin(departments, and(eq(departments.workspaceId, memberDepartments.workspaceId), eq(departments.id, memberDepartments.departmentId)))
    .where(eq(memberDepartments.workspaceId, workspaceId))
    .orderBy(asc(departments.sortOrder));
  const dir: OrgDirectory = { users: {}, departments: {}, roles: {}, userDepts: {} };
  for (const p of people) dir.users[p.userId] = { active: p.isMember && p.isUser, name: p.name };
  for (const d of depts) dir.departments[d.id] = { parentId: d.parentId, managerId: d.managerId, name: d.name };
  for (const r of roleRows) dir.roles[r.id] = { memberIds: [], name: r.name };
  for (const l of links) dir.roles[l.roleId]?.memberIds.push(l.userId);
  for (const l of deptLinks) (dir.userDepts[l.userId] ??= []).push(l.departmentId);
  return dir;
};

/** Active users, roles and departments: what a published definition may name. */
export const knownRefs = (dir: OrgDirectory): KnownRefs => ({
  userIds: new Set(Object.entries(dir.users).filter(([, u]) => u.active).map(([id]) => id)),
  roleIds: new Set(Object.keys(dir.roles)),
  deptIds: new Set(Object.keys(dir.departments)),
});

export const nameOf = (dir: OrgDirectory, userId: string) => dir.users[userId]?.name ?? "";
