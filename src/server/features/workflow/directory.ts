import { sql } from "drizzle-orm";

import type { KnownRefs, OrgDirectory } from "../../../shared/workflow";
import type { Db } from "../../db/client";
import {
  departments,
  memberDepartments,
  memberRoles,
  members,
  roles,
  users,
  workspaces,
} from "../../db/tables";

/**
 * The last directory read per firm with the `workspaces.org_version` it was read at. Triggers
 * bump that version on every change to members, departments, roles and their links (migration
 * 0008), so a copy whose version still matches is exactly what a fresh read would return.
 */
const cache = new Map<string, { version: number; dir: OrgDirectory }>();

/**
 * The firm's organization as the engine needs it, current as of `version` (read by the caller,
 * e.g. with the instance lock): from memory when nothing changed since, else read afresh.
 * Assignees are resolved against the org as it is when a node is entered.
 */
export const directoryAt = async (
  db: Db,
  workspaceId: string,
  version: number,
): Promise<OrgDirectory> => {
  const hit = cache.get(workspaceId);
  return hit && hit.version === version ? hit.dir : loadDirectory(db, workspaceId);
};

/** The directory as it is now: one cheap version read when the cached copy is current. */
export const currentDirectory = async (db: Db, workspaceId: string): Promise<OrgDirectory> => {
  const result = await db.execute(
    sql`select org_version as version from ${workspaces} where id = ${workspaceId}`,
  );
  const [row] = (result as unknown as { rows: { version: number }[] }).rows;
  return directoryAt(db, workspaceId, row?.version ?? -1);
};

/** Reads the directory afresh (and keeps it for directoryAt). The engine never changes it. */
export const loadDirectory = async (db: Db, workspaceId: string): Promise<OrgDirectory> => {
  // One round trip: every action loads this, so five queries would cost more than the action.
  const result = await db.execute(sql`select
    (select org_version from ${workspaces} w where w.id = ${workspaceId}) as version,
    (select coalesce(json_agg(json_build_object('id', m.user_id, 'active', m.is_enabled and u.is_enabled, 'name', u.name) order by m.created_at, m.user_id), '[]')
       from ${members} m join ${users} u on u.id = m.user_id where m.workspace_id = ${workspaceId}) as people,
    (select coalesce(json_agg(json_build_object('id', d.id, 'parentId', d.parent_id, 'managerId', d.manager_id, 'name', d.name)), '[]')
       from ${departments} d where d.workspace_id = ${workspaceId}) as depts,
    (select coalesce(json_agg(json_build_object('id', r.id, 'name', r.name)), '[]') from ${roles} r where r.workspace_id = ${workspaceId}) as roles,
    (select coalesce(json_agg(json_build_object('userId', mr.user_id, 'roleId', mr.role_id) order by m.created_at, mr.user_id), '[]')
       from ${memberRoles} mr join ${members} m on m.workspace_id = mr.workspace_id and m.user_id = mr.user_id
       where mr.workspace_id = ${workspaceId}) as links,
    (select coalesce(json_agg(json_build_object('userId', md.user_id, 'departmentId', md.department_id) order by d.sort_order), '[]')
       from ${memberDepartments} md join ${departments} d on d.workspace_id = md.workspace_id and d.id = md.department_id
       where md.workspace_id = ${workspaceId}) as dept_links`);
  const [row] = (result as unknown as { rows: (Snapshot & { version: number | null })[] }).rows;
  const dir: OrgDirectory = { users: {}, departments: {}, roles: {}, userDepts: {} };
  for (const p of row.people) dir.users[p.id] = { active: p.active, name: p.name };
  for (const d of row.depts)
    dir.departments[d.id] = { parentId: d.parentId, managerId: d.managerId, name: d.name };
  for (const r of row.roles) dir.roles[r.id] = { memberIds: [], name: r.name };
  for (const l of row.links) dir.roles[l.roleId]?.memberIds.push(l.userId);
  for (const l of row.dept_links) (dir.userDepts[l.userId] ??= []).push(l.departmentId);
  if (row.version !== null) cache.set(workspaceId, { version: row.version, dir });
  return dir;
};

type Snapshot = {
  people: { id: string; active: boolean; name: string }[];
  depts: { id: string; parentId: string | null; managerId: string | null; name: string }[];
  roles: { id: string; name: string }[];
  links: { userId: string; roleId: string }[];
  dept_links: { userId: string; departmentId: string }[];
};

/** Active users, roles and departments: what a published definition may name. */
export const knownRefs = (dir: OrgDirectory): KnownRefs => ({
  userIds: new Set(
    Object.entries(dir.users)
      .filter(([, u]) => u.active)
      .map(([id]) => id),
  ),
  roleIds: new Set(Object.keys(dir.roles)),
  deptIds: new Set(Object.keys(dir.departments)),
});

export const nameOf = (dir: OrgDirectory, userId: string) => dir.users[userId]?.name ?? "";
