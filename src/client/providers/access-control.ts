import { createMongoAbility, type MongoAbility, type RawRuleOf } from "@casl/ability";
import type { AccessControlProvider } from "@refinedev/core";
import { createContext } from "react";

import type { PermissionRule } from "../../shared/permissions";
import { getStoredRules, setStoredRules } from "./storage";

export type AppAbility = MongoAbility<[string, string]>;

const toRawRules = (rules: PermissionRule[]) => rules as unknown as RawRuleOf<AppAbility>[];

/**
 * The single ability of this tab. It starts from the rules saved at the last login so a reload
 * renders at once, and is replaced (`update`) when the server sends new rules, e.g. after a
 * workspace switch; everything that reads it re-renders through @casl/react's useAbility.
 */
export const ability: AppAbility = createMongoAbility<AppAbility>(
  toRawRules(getStoredRules() ?? []),
);

export const AbilityContext = createContext<AppAbility>(ability);

export const replaceRules = (rules: PermissionRule[]) => {
  setStoredRules(rules);
  ability.update(toRawRules(rules));
};

/** Refine's CRUD actions spoken in the permission vocabulary of src/shared/permissions. */
const REFINE_ACTIONS: Record<string, string> = {
  list: "read",
  show: "read",
  create: "create",
  clone: "create",
  edit: "update",
  delete: "delete",
  export: "export",
  import: "import",
};

/** Resources map to subjects through `meta.subject`; the name itself is the fallback. */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ action, resource, params }) => {
    const meta = params?.resource?.meta as { subject?: string } | undefined;
    const subject = meta?.subject ?? resource ?? "all";
    const mapped = REFINE_ACTIONS[action] ?? action;
    const allowed = ability.can(mapped, subject);
    return {
      can: allowed,
      reason: allowed ? undefined : ability.relevantRuleFor(mapped, subject)?.reason,
    };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
