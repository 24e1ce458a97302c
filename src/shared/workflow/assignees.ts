import type { Assignees, OnEmpty, OnInitiator } from "./model";

/**
 * The organization as the engine sees it at one moment (a snapshot the service loads), so that
 * resolution stays pure and the "who would approve" preview gives the same answer as the run.
 */
export type OrgDirectory = {
  /** Active = account enabled and membership of this firm enabled. */
  users: Record<string, { active: boolean; name?: string }>;
  departments: Record<string, { parentId: string | null; managerId: string | null; name?: string }>;
  /** Member ids of each role, in member sort order. */
  roles: Record<string, { memberIds: string[]; name?: string }>;
  /** Departments of each user (primary first). */
  userDepts: Record<string, string[]>;
};

export const isActive = (dir: OrgDirectory, userId: string) => dir.users[userId]?.active === true;

/** A department and its ancestors up to the root, nearest first (cycles are cut). */
export const deptChain = (dir: OrgDirectory, deptId: string | null | undefined): string[] => {
  const out: string[] = [];
  let id = deptId ?? null;
  while (id && dir.departments[id] && !out.includes(id)) {
    out.push(id);
    id = dir.departments[id].parentId;
  }
  return out;
};

export type ResolveInput = {
  initiatorId: string;
  /** The department chosen at submit (default the primary one). */
  initiatorDeptId: string | null;
  form: Record<string, unknown>;
};

const unique = (ids: string[]) => [...new Set(ids)];

const membersOfRoleIn = (dir: OrgDirectory, roleId: string, deptId: string) =>
  (dir.roles[roleId]?.memberIds ?? []).filter(
    (u) => (dir.userDepts[u] ?? []).includes(deptId) && isActive(dir, u),
  );

/** Step 1 of the raw people a rule names. */
export const rawAssignees = (dir: OrgDirectory, a: Assignees, input: ResolveInput): string[] => {
  switch (a.kind) {
    case "users":
      return a.userIds;
    case "roles":
      return a.roleIds.flatMap((r) => dir.roles[r]?.memberIds ?? []);
    case "initiator":
      return [input.initiatorId];
    case "formUser": {
      const v = input.form[a.field];
      return (Array.isArray(v) ? v : [v]).filter(
        (x): x is string => typeof x === "string" && x !== "",
      );
    }
    case "deptManager":
    case "deptRole": {
      // Level n = the department n-1 levels above the initiator's; climb moves an empty result up.
      const chain = deptChain(dir, input.initiatorDeptId);
      const start = a.kind === "deptManager" ? a.level - 1 : 0;
      const tried = a.climb ? chain.slice(start) : chain.slice(start, start + 1);
      for (const deptId of tried) {
        const found =
          a.kind === "deptManager"
            ? [dir.departments[deptId]?.managerId].filter(
                (m): m is string => !!m && isActive(dir, m),
              )
            : membersOfRoleIn(dir, a.roleId, deptId);
        if (found.length > 0) return found;
      }
      return [];
    }
    default:
      return [];
  }
};

/** The first active manager above `userId` (from the chosen department upward) who is not them. */
export const managerAbove = (
  dir: OrgDirectory,
  userId: string,
  deptId: string | null,
): string | undefined =>
  deptChain(dir, deptId)
    .map((d) => dir.departments[d].managerId)
    .find((m): m is string => !!m && m !== userId && isActive(dir, m));

export type Resolution = {
  userIds: string[];
  /** Set when the node passes with nobody: `empty` (autoPass) or `emptyFallback` (fallback people inactive). */
  skipped?: "empty" | "emptyFallback";
  /** The fallback used when the rule found nobody. */
  fallback?: "toAdmins" | "toUsers";
};

export type ResolveRules = {
  assignees: Assignees;
  onInitiator: OnInitiator;
  onEmpty: OnEmpty;
  /** Definition admins, the target of onEmpty "toAdmins". */
  admins: string[];
};

/** Steps 1-4 of assignee resolution: raw set, active and de-duplicated, initiator rule, empty rule. */
export const resolveAssignees = (
  dir: OrgDirectory,
  rules: ResolveRules,
  input: ResolveInput,
): Resolution => {
  let ids = unique(rawAssignees(dir, rules.assignees, input).filter((u) => isActive(dir, u)));
  const onInitiator = rules.assignees.kind === "initiator" ? "self" : rules.onInitiator;
  if (ids.includes(input.initiatorId) && onInitiator !== "self") {
    if (onInitiator === "skip") ids = ids.filter((u) => u !== input.initiatorId);
    else {
      const manager = managerAbove(dir, input.initiatorId, input.initiatorDeptId);
      if (manager) ids = unique(ids.map((u) => (u === input.initiatorId ? manager : u)));
    }
  }
  if (ids.length > 0) return { userIds: ids };
  const { action, userIds = [] } = rules.onEmpty;
  if (action === "autoPass") return { userIds: [], skipped: "empty" };
  const fallback = unique(
    (action === "toAdmins" ? rules.admins : userIds).filter((u) => isActive(dir, u)),
  );
  if (fallback.length === 0) return { userIds: [], skipped: "emptyFallback", fallback: action };
  return { userIds: fallback, fallback: action };
};

/** CC recipients: the same rules without an initiator rule or fallback; the initiator is never CC'd. */
export const resolveRecipients = (dir: OrgDirectory, a: Assignees, input: ResolveInput): string[] =>
  unique(rawAssignees(dir, a, input).filter((u) => isActive(dir, u) && u !== input.initiatorId));

/** Whether a user may start a definition with this initiator scope. */
export const inScope = (
  dir: OrgDirectory,
  scope:
    { kind: "all" } | { kind: "some"; userIds: string[]; deptIds: string[]; roleIds: string[] },
  userId: string,
): boolean => {
  if (scope.kind === "all") return true;
  if (scope.userIds.includes(userId)) return true;
  const chains = (dir.userDepts[userId] ?? []).flatMap((d) => deptChain(dir, d));
  if (scope.deptIds.some((d) => chains.includes(d))) return true;
  return scope.roleIds.some((r) => (dir.roles[r]?.memberIds ?? []).includes(userId));
};
