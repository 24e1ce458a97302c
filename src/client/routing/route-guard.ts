import type { RouteMeta } from "./route-types";

/** Wildcards used when a route names only one half of its permission. */
export const DEFAULT_ACTION = "manage";
export const DEFAULT_SUBJECT = "all";

export type CanFn = (action: string, subject: string) => boolean;

/**
 * Allowed if the rules permit the last matched route's action on its subject. When
 * that route does not name both, it is allowed if any matched route (parents included) is
 * permitted, a missing half standing for its wildcard (`manage` / `all`).
 */
export const canNavigate = (matched: readonly RouteMeta[], can: CanFn): boolean => {
  const target = matched[matched.length - 1];
  if (!target) return false;
  if (target.action && target.subject) return can(target.action, target.subject);
  return matched.some((meta) =>
    can(meta.action ?? DEFAULT_ACTION, meta.subject ?? DEFAULT_SUBJECT),
  );
};

export type GuardInput = {
  matched: readonly RouteMeta[];
  isAuthenticated: boolean;
  /** `/login?token=` is the user-center handoff: it must run even with an older token stored. */
  hasHandoffToken?: boolean;
  /** The landing route only needs a session; it chooses a permitted page itself. */
  isLanding?: boolean;
  can: CanFn;
};

export type GuardDecision =
  { kind: "allow" } | { kind: "login" } | { kind: "home" } | { kind: "forbidden" };

/** The one guard for every route, the menu and the landing page. */
export const decideRoute = ({
  matched,
  isAuthenticated,
  hasHandoffToken = false,
  isLanding = false,
  can,
}: GuardInput): GuardDecision => {
  const target = matched[matched.length - 1];
  if (!target) return { kind: "allow" };
  if (target.unauthenticatedOnly && isAuthenticated && !hasHandoffToken) return { kind: "home" };
  if (target.public) return { kind: "allow" };
  if (!isAuthenticated) return { kind: "login" };
  if (target.unauthenticatedOnly) return { kind: "allow" };
  if (isLanding) return { kind: "allow" };
  return canNavigate(matched, can) ? { kind: "allow" } : { kind: "forbidden" };
};
