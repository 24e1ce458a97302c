/**
 * A case party's conflict roles on the other side of the case: the adverse party itself
 * (对方当事人) and its related parties (对方关联方). An existing client found on that side is the
 * textbook conflict, so the check flags it (server) and the new-case form says which of its
 * keywords name such a party (client).
 */
export const ADVERSE_ROLES: readonly string[] = ["counterparty", "counterparty-related"];

export const isAdverseRole = (role: string | null | undefined) =>
  Boolean(role && ADVERSE_ROLES.includes(role));
