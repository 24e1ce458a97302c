import type { Db } from "../db/client";
import { memberGroupMembers, memberGroups, savedFilters } from "../db/tables";

type GroupSeed = { owner: string; name: string; members: string[] };
type FilterSeed = { owner: string; name: string; filter: Record<string, unknown> };

/** Personal member groups and saved member filters for the demo firms, keyed by username. */
export const DEMO_GROUPS: Record<string, GroupSeed[]> = {
  "Mingde Law Firm": [
    { owner: "admin", name: "合伙人会议", members: ["admin", "partner"] },
    { owner: "admin", name: "诉讼团队", members: ["partner", "lawyer", "assistant", "intern"] },
    { owner: "partner", name: "常用审批人", members: ["admin", "finance"] },
  ],
  "Zhengheng Law Firm": [{ owner: "admin2", name: "争议解决组", members: ["lawyer2", "partner"] }],
};

export const DEMO_FILTERS: Record<string, FilterSeed[]> = {
  "Mingde Law Firm": [{ owner: "admin", name: "已停用成员", filter: { isEnabled: false } }],
  "Zhengheng Law Firm": [{ owner: "admin2", name: "在职成员", filter: { isEnabled: true } }],
};

export const seedOrgExtras = async (
  tx: Db,
  workspaceId: string,
  firmKey: string,
  userIds: Map<string, string>,
) => {
  const id = (username: string) => userIds.get(username) as string;
  for (const [sortOrder, g] of (DEMO_GROUPS[firmKey] ?? []).entries()) {
    const [group] = await tx
      .insert(memberGroups)
      .values({
        workspaceId,
        ownerId: id(g.owner),
        name: g.name,
        sortOrder,
        createdBy: id(g.owner),
      })
      .returning();
    await tx
      .insert(memberGroupMembers)
      .values(g.members.map((u) => ({ workspaceId, groupId: group.id, userId: id(u) })));
  }
  for (const f of DEMO_FILTERS[firmKey] ?? []) {
    await tx.insert(savedFilters).values({
      workspaceId,
      ownerId: id(f.owner),
      name: f.name,
      filter: f.filter,
      createdBy: id(f.owner),
    });
  }
};
