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
