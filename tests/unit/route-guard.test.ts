import { createMongoAbility } from "@casl/ability";
import { describe, expect, it, vi } from "vitest";

import type { PermissionRule } from "../../src/shared/permissions";
import { appRoutes } from "../../src/client/routes";
import {
  type CanFn,
  canNavigate,
  decideRoute,
  DEFAULT_ACTION,
  DEFAULT_SUBJECT,
} from "../../src/client/routing/route-guard";
import { firstAllowedPath, flattenRoutes, menuLeaves } from "../../src/client/routing/route-tree";
import type { RouteMeta } from "../../src/client/routing/route-types";

// The route table is built from the features' faces, and with them come the providers, which read
// the browser's storage when they load: an empty one stands in for it here.
vi.hoisted(() => {
  const items = new Map<string, string>();
  globalThis.localStorage ??= {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
    key: (index: number) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
});

const canWith = (rules: PermissionRule[]): CanFn => {
  const ability = createMongoAbility(rules as never);
  return (action, subject) => ability.can(action, subject);
};

const ADMIN = canWith([{ action: "manage", subject: "all" }]);
const MEMBER = canWith([{ action: "basic", subject: "BASIC_PERMISSION" }]);
const AUDITOR = canWith([{ action: "read", subject: "AUDIT_LOG" }]);
const NOBODY = canWith([]);

const leafMetas = (path: string): RouteMeta[] => {
  const leaf = flattenRoutes(appRoutes).find((l) => l.fullPath === path);
  if (!leaf) throw new Error(`no route ${path}`);
  return leaf.chain.map((r) => r.meta);
};

describe("canNavigate", () => {
  it("checks the last matched route's action on its subject", () => {
    const matched: RouteMeta[] = [{}, { action: "read", subject: "AUDIT_LOG" }];
    expect(canNavigate(matched, AUDITOR)).toBe(true);
    expect(canNavigate(matched, MEMBER)).toBe(false);
    expect(canNavigate(matched, ADMIN)).toBe(true);
  });

  it("fills a missing action with the manage wildcard", () => {
    const matched: RouteMeta[] = [{ subject: "AUDIT_LOG" }];
    expect(DEFAULT_ACTION).toBe("manage");
    expect(canNavigate(matched, AUDITOR)).toBe(false);
    expect(canNavigate(matched, canWith([{ action: "manage", subject: "AUDIT_LOG" }]))).toBe(true);
  });

  it("fills a missing subject with the all wildcard", () => {
    const matched: RouteMeta[] = [{ action: "read" }];
    expect(DEFAULT_SUBJECT).toBe("all");
    expect(canNavigate(matched, AUDITOR)).toBe(false);
    expect(canNavigate(matched, canWith([{ action: "read", subject: "all" }]))).toBe(true);
  });

  it("allows a half-specified route when any matched parent is permitted", () => {
    const matched: RouteMeta[] = [
      { action: "basic", subject: "BASIC_PERMISSION" },
      { action: "read" },
    ];
    expect(canNavigate(matched, MEMBER)).toBe(true);
    expect(canNavigate(matched, NOBODY)).toBe(false);
  });

  it("lets only manage-all open a route with no permission meta at all", () => {
    expect(canNavigate([{ title: "x" }], ADMIN)).toBe(true);
    expect(canNavigate([{ title: "x" }], MEMBER)).toBe(false);
  });

  it("honours inverted rules", () => {
    const can = canWith([
      { action: "manage", subject: "all" },
      { action: "read", subject: "AUDIT_LOG", inverted: true },
    ]);
    expect(canNavigate(leafMetas("/settings/audit-logs"), can)).toBe(false);
    expect(canNavigate(leafMetas("/settings/profile"), can)).toBe(true);
  });

  it("denies an empty match", () => {
    expect(canNavigate([], ADMIN)).toBe(false);
  });
});

describe("decideRoute", () => {
  const base = { isAuthenticated: true, can: MEMBER };

  it("lets anyone open public routes", () => {
    const decision = decideRoute({
      ...base,
      isAuthenticated: false,
      matched: leafMetas("/not-authorized"),
    });
    expect(decision.kind).toBe("allow");
  });

  it("sends an anonymous user on a private route to sign in", () => {
    const decision = decideRoute({
      ...base,
      isAuthenticated: false,
      matched: leafMetas("/settings/profile"),
    });
    expect(decision.kind).toBe("login");
  });

  it("sends a signed-in user away from unauthenticated-only routes", () => {
    expect(decideRoute({ ...base, matched: leafMetas("/login") }).kind).toBe("home");
  });

  it("keeps the login route open for the token handoff", () => {
    const decision = decideRoute({ ...base, matched: leafMetas("/login"), hasHandoffToken: true });
    expect(decision.kind).toBe("allow");
  });

  it("lets an anonymous user open the login route", () => {
    const decision = decideRoute({ ...base, isAuthenticated: false, matched: leafMetas("/login") });
    expect(decision.kind).toBe("allow");
  });

  it("forbids a route the rules do not permit", () => {
    expect(decideRoute({ ...base, matched: leafMetas("/settings/audit-logs") }).kind).toBe(
      "forbidden",
    );
    expect(decideRoute({ ...base, matched: leafMetas("/settings/profile") }).kind).toBe("allow");
  });

  it("only requires a session for the landing route", () => {
    const matched = leafMetas("/");
    expect(decideRoute({ ...base, can: NOBODY, matched, isLanding: true }).kind).toBe("allow");
    expect(decideRoute({ ...base, isAuthenticated: false, matched, isLanding: true }).kind).toBe(
      "login",
    );
  });

  it("treats the catch-all not-found route as public", () => {
    const decision = decideRoute({ ...base, isAuthenticated: false, matched: leafMetas("/*") });
    expect(decision.kind).toBe("allow");
  });
});

describe("landing and menu", () => {
  it("lands on the first menu item the user may open", () => {
    // "My next 14 days" comes first for every member.
    expect(firstAllowedPath(appRoutes, ADMIN)).toBe("/home");
    expect(firstAllowedPath(appRoutes, MEMBER)).toBe("/home");
    // Settings come last in the menu, so an auditor's first screen is the Outbox (read with AUDIT_LOG).
    expect(firstAllowedPath(appRoutes, AUDITOR)).toBe("/outbox");
  });

  it("has no landing target for a user without rules", () => {
    expect(firstAllowedPath(appRoutes, NOBODY)).toBeNull();
  });

  it("limits a group's landing to the group", () => {
    expect(firstAllowedPath(appRoutes, AUDITOR, "/settings")).toBe("/settings/audit-logs");
    expect(firstAllowedPath(appRoutes, ADMIN, "/nowhere")).toBeNull();
  });

  it("gives every menu entry a permission and a title", () => {
    for (const leaf of menuLeaves(appRoutes)) {
      expect(leaf.route.meta.title).toBeTruthy();
      expect(leaf.route.meta.action && leaf.route.meta.subject).toBeTruthy();
    }
  });
});
