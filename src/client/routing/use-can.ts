import { useAbility } from "@casl/react";
import { useCallback } from "react";

import { AbilityContext } from "../providers/access-control";
import type { CanFn } from "./route-guard";

/** A permission check that re-renders its component whenever the rules are replaced. */
export const useCan = (): CanFn => {
  const ability = useAbility(AbilityContext);
  // The ability object stays the same on update; the rules length/identity changes.
  const rules = ability.rules;
  return useCallback((action, subject) => ability.can(action, subject), [ability, rules]);
};

/**
 * What the server says the caller may do to one record (`permissions` on a detail answer, where
 * "only own" and "only my department" rules are worked out); absent means no row limit.
 */
export const mayOnRow = (
  record: Record<string, unknown> | undefined,
  action: "update" | "delete",
) => {
  const permissions = record?.permissions as
    Partial<Record<"update" | "delete", boolean>> | undefined;
  return permissions?.[action] !== false;
};
