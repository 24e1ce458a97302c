import { and, asc, count, eq, exists, ilike, inArray, or, type SQL, sql } from "drizzle-orm";

import type { Member, MemberInput, MemberPatch } from "../../../shared/contracts/org";
import { AppError } from "../../../shared/errors";
import {
  departments,
  memberDepartments,
  memberRoles,
  members,
  roles,
  users,
} from "../../db/tables";
import type { Answer } from "../../lib/answers";
import { writeAudit } from "../../lib/audit";
import { type ListQuery, orderOf, pageOf, pageWithTotal } from "../../lib/list-query";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { hashPassword } from "../auth";
import { assertAdminRemains } from "./admin-guard";
import type { OrgDeps } from "./deps";
import { assertDepartments, assertRoles, isUuid, lockOrg } from "./references";

const like = (value: unknown) => `%${String(value).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const memberColumns = {
  id: members.id,
  userId: members.userId,
  username: users.username,
  name: users.name,
  nameSuffix: users.nameSuffix,
  phone: members.phone,
  email: members.email,
  position: members.position,
  isEnabled: members.isEnabled,
  isAccountEnabled: users.isEnabled,
  createdAt: members.createdAt,
  version: members.version,
};

type MemberRow = { [K in keyof typeof memberColumns]: unknown } & { userId: string };

/** Adds each member's departments and roles (two queries for the whole page, not one per row). */
const withLinks = async <T extends MemberRow>(ctx: RequestCtx, rows: T[]) => {
  const ids = rows.map((r) => r.userId);
  if (ids.length === 0) return [];
  const [depts, rls] = await Promise.all([
    ctx.db
      .select({ userId: memberDepartments.userId, id: departments.id, name: departments.name })
      .from(memberDepartments)
      .innerJoin(
        departments,
        and(
          eq(departments.workspaceId, memberDepartments.workspaceId),
          eq(departments.id, memberDepartments.departmentId),
        ),
      )
      .where(inWorkspace(ctx, memberDepartments, inArray(memberDepartments.userId, ids)))
      .orderBy(asc(departments.sortOrder)),
    ctx.db
      .select({ userId: memberRoles.userId, id: roles.id, name: roles.name, code: roles.code })
      .from(memberRoles)
      .innerJoin(
        roles,
        and(eq(roles.workspaceId, memberRoles.workspaceId), eq(roles.id, memberRoles.roleId)),
      )
      .where(inWorkspace(ctx, memberRoles, inArray(memberRoles.userId, ids)))
      .orderBy(asc(roles.name)),
  ]);
  return rows.map((r) => ({
    ...r,
    departments: depts.filter((d) => d.userId === r.userId).map(({ id, name }) => ({ id, name })),
    roles: rls
      .filter((x) => x.userId === r.userId)
      .map(({ id, name, code }) => ({ id, name, code })),
  }));
};

const isTrue = (v: unknown) => v === true || v === "true";
const isFalse = (v: unknown) => v === false || v === "false";

/** `a=x&a=y` or the client's bracket form `a[]=x&a[]=y`, ids only. */
const listParam = (q: ListQuery, name: string) =>
  [q[name] ?? [], q[`${name}[]`] ?? []].flat().filter(isUuid);

/** Filters shared by the member list and saved member filters. */
export const memberFilters = (ctx: RequestCtx, q: ListQuery): (SQL | undefined)[] => {
  const filters: (SQL | undefined)[] = [];
  const text = q.q ?? q.name_like;
  if (typeof text === "string" && text.trim()) {
    const pattern = like(text.trim());
    filters.push(
      or(ilike(users.name, pattern), ilike(users.username, pattern), ilike(members.phone, pattern)),
    );
  }
  if (typeof q.position_like === "string" && q.position_like)
    filters.push(ilike(members.position, like(q.position_like)));
  if (isTrue(q.isEnabled)) filters.push(eq(members.isEnabled, true));
  if (isFalse(q.isEnabled)) filters.push(eq(members.isEnabled, false));
  const deptIds = listParam(q, "departmentId");
  if (deptIds.length > 0) {
    filters.push(
      exists(
        ctx.db
          .select({ one: sql`1` })
          .from(memberDepartments)
          .where(
            and(
              eq(memberDepartments.workspaceId, members.workspaceId),
              eq(memberDepartments.userId, members.userId),
              inArray(memberDepartments.departmentId, deptIds),
            ),
          ),
      ),
    );
  }
  const roleIds = listParam(q, "roleId");
  if (roleIds.length > 0) {
    filters.push(
      exists(
        ctx.db
          .select({ one: sql`1` })
          .from(memberRoles)
          .where(
            and(
              eq(memberRoles.workspaceId, members.workspaceId),
              eq(memberRoles.userId, members.userId),
              inArray(memberRoles.roleId, roleIds),
            ),
          ),
      ),
    );
  }
  return filters;
};

/** What the member list sorts by (the route's `_sort` accepts exactly these keys). */
export const MEMBER_SORT = {
  name: users.name,
  username: users.username,
  position: members.position,
  createdAt: members.createdAt,
};

export const findMembers = async (
  ctx: RequestCtx,
  q: ListQuery,
): Promise<{ rows: Answer<Member>[]; total: number }> => {
  const where = inWorkspace(ctx, members, ...memberFilters(ctx, q));
  const { offset, limit } = pageOf(q);
  const order = orderOf(q, MEMBER_SORT, asc(users.name));
  const { rows, total } = await pageWithTotal(
    ctx.db
      .select(memberColumns)
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .where(where)
      .orderBy(order, asc(members.id))
      .limit(limit)
      .offset(offset),
    () =>
      ctx.db
        .select({ total: count() })
        .from(members)
        .innerJoin(users, eq(users.id, members.userId))
        .where(where),
    { offset, limit },
  );
  return { rows: await withLinks(ctx, rows), total };
};

export const getMember = async (ctx: RequestCtx, id: string): Promise<Answer<Member>> => {
  const [row] = await ctx.db
    .select(memberColumns)
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(inWorkspace(ctx, members, eq(members.id, id)));
  if (!row) throw new AppError(404, "errors.memberNotFound");
  const [full] = await withLinks(ctx, [row]);
  return full;
};

const replaceLinks = async (
  ctx: RequestCtx,
  userId: string,
  input: { departmentIds?: string[]; roleIds?: string[] },
) => {
  if (input.departmentIds) {
    const ids = await assertDepartments(ctx, input.departmentIds);
    await ctx.db
      .delete(memberDepartments)
      .where(inWorkspace(ctx, memberDepartments, eq(memberDepartments.userId, userId)));
    if (ids.length > 0) {
      await ctx.db
        .insert(memberDepartments)
        .values(
          ids.map((departmentId) => ({ workspaceId: ctx.workspaceId, userId, departmentId })),
        );
    }
  }
  if (input.roleIds) {
    const ids = await assertRoles(ctx, input.roleIds);
    await ctx.db
      .delete(memberRoles)
      .where(inWorkspace(ctx, memberRoles, eq(memberRoles.userId, userId)));
    if (ids.length > 0) {
      await ctx.db
        .insert(memberRoles)
        .values(ids.map((roleId) => ({ workspaceId: ctx.workspaceId, userId, roleId })));
    }
  }
};

const findAccount = async (ctx: RequestCtx, username: string) => {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return user;
};

/** Creates an account and adds it, or adds an existing user-center account to this firm. */
export const createMember = async (
  ctx: RequestCtx,
  input: MemberInput,
): Promise<Answer<Member>> => {
  const passwordHash =
    input.account === "new" && input.password ? await hashPassword(input.password) : undefined;
  const id = await ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    let user = await findAccount(tctx, input.username);
    if (input.account === "new") {
      if (user) throw new AppError(409, "errors.usernameTaken");
      if (!input.name || !passwordHash) throw new AppError(400, "errors.accountFieldsRequired");
      [user] = await tx
        .insert(users)
        .values({
          username: input.username,
          name: input.name,
          nameSuffix: input.nameSuffix ?? "",
          passwordHash,
          phone: input.phone ?? "",
          email: input.email ?? "",
        })
        .returning();
    } else {
      if (!user) throw new AppError(404, "errors.accountNotFound");
      const [existing] = await tx
        .select()
        .from(members)
        .where(inWorkspace(ctx, members, eq(members.userId, user.id)));
      if (existing) throw new AppError(409, "errors.alreadyMember");
    }
    const [member] = await tx
      .insert(members)
      .values({
        workspaceId: ctx.workspaceId,
        userId: user.id,
        position: input.position ?? "",
        phone: input.phone ?? user.phone,
        email: input.email ?? user.email,
        createdBy: ctx.userId,
        updatedBy: ctx.userId,
      })
      .returning();
    await replaceLinks(tctx, user.id, {
      departmentIds: input.departmentIds ?? [],
      roleIds: input.roleIds ?? [],
    });
    const after = await getMember(tctx, member.id);
    await writeAudit(tx, ctx, { action: "create", entity: "members", entityId: member.id, after });
    return member.id;
  });
  return getMember(ctx, id);
};

/** A shared account's name belongs to every firm it is in, so only a one-firm account is renamed here. */
const renameAccount = async (ctx: RequestCtx, userId: string, patch: MemberPatch) => {
  const set: Record<string, string> = {};
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.nameSuffix !== undefined) set.nameSuffix = patch.nameSuffix;
  if (Object.keys(set).length === 0) return;
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (
    user.name === (set.name ?? user.name) &&
    user.nameSuffix === (set.nameSuffix ?? user.nameSuffix)
  )
    return;
  const [{ firms }] = await ctx.db
    .select({ firms: count() })
    .from(members)
    .where(eq(members.userId, userId));
  if (firms > 1) throw new AppError(409, "errors.sharedAccountName");
  await ctx.db
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(users.id, userId));
};

export const updateMember = async (
  ctx: RequestCtx,
  deps: OrgDeps,
  id: string,
  patch: MemberPatch,
): Promise<Answer<Member>> => {
  const userId = await ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    await lockOrg(tctx);
    const before = await getMember(tctx, id);
    const set: Record<string, unknown> = {
      version: patch.version + 1,
      updatedBy: ctx.userId,
      updatedAt: new Date(),
    };
    for (const key of ["phone", "email", "position", "isEnabled"] as const) {
      if (patch[key] !== undefined) set[key] = patch[key];
    }
    const [row] = await tx
      .update(members)
      .set(set)
      .where(inWorkspace(ctx, members, eq(members.id, id), eq(members.version, patch.version)))
      .returning();
    if (!row) throw new AppError(409, "errors.staleVersion");
    await renameAccount(tctx, before.userId, patch);
    await replaceLinks(tctx, before.userId, patch);
    await assertAdminRemains(tctx);
    const after = await getMember(tctx, id);
    await writeAudit(tx, ctx, { action: "update", entity: "members", entityId: id, before, after });
    return before.userId;
  });
  // Rules, departments or the enabled flag may have changed: the member's next request reloads them.
  await deps.sessions.invalidate({ userId });
  return getMember(ctx, id);
};
