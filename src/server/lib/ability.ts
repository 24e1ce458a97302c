import { createMongoAbility, type MongoAbility } from "@casl/ability";

import type { PermissionRule } from "../../shared/permissions";

export const buildAbility = (rules: PermissionRule[]): MongoAbility =>
  createMongoAbility(rules as never);
