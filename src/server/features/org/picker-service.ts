import { and, asc, eq } from "drizzle-orm";
import { pinyin } from "pinyin-pro";

import { memberDepartments, members, users } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { findDepartments } from "./departments-service";
import { findGroups } from "./groups-service";

/** "王建国" -> "wjg" and "wangjianguo": what people type to find a colleague. */
const spellings = (name: string) => ({
  initials: pinyin(name, { pattern: "first", toneType: "none", type: "array" })
    .join("")
    .toLowerCase(),
  pinyin: pinyin(name, { toneType: "none", type: "array" }).join("").toLowerCase(),
});

/**
 * Everything the member and department picker shows, in one answer: the department tree (flat,
 * with parent ids), the members with their departments and pinyin, and the caller's groups.
 * A firm has hundreds of people, not millions, so the picker searches locally and instantly.
 */
export const getPickerData = async (ctx: RequestCtx, includeDisabled: boolean) => {
  const [departments, people, links, groups] = await Promise.all([
    findDepartments(ctx),
    ctx.db
      .select({
        userId: members.userId,
        username: users.username,
        name: users.name,
        nameSuffix: users.nameSuffix,
        position: members.position,
        isEnabled: members.isEnabled,
        isAccountEnabled: users.isEnabled,
      })
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .where(
        inWorkspace(
          ctx,
          members,
          includeDisabled ? undefined : and(eq(members.isEnabled, true), eq(users.isEnabled, true)),
        ),
      )
      .orderBy(asc(users.name)),
    ctx.db
      .select({ userId: memberDepartments.userId, departmentId: memberDepartments.departmentId })
      .from(memberDepartments)
      .where(inWorkspace(ctx, memberDepartments)),
    findGroups(ctx),
  ]);
  return {
    departments: departments.map(({ id, parentId, name, sortOrder, managerId }) => ({
      id,
      parentId,
      name,
      sortOrder,
      managerId,
    })),
    members: people.map((p) => ({
      ...p,
      isEnabled: p.isEnabled && p.isAccountEnabled,
      departmentIds: links.filter((l) => l.userId === p.userId).map((l) => l.departmentId),
      ...spellings(p.name),
    })),
    groups: groups.map(({ id, name, sortOrder, memberIds }) => ({
      id,
      name,
      sortOrder,
      memberIds,
    })),
  };
};
