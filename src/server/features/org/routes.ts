import type { FastifyInstance } from "fastify";

import { departmentRoutes } from "./departments-routes";
import type { OrgDeps } from "./deps";
import { filterRoutes, groupRoutes, pickerRoutes } from "./groups-routes";
import { memberRoutes } from "./members-routes";
import { roleRoutes } from "./roles-routes";
import { timeZoneRoutes } from "./time-zone";

/** The organization area; app.ts registers it once with `{ prefix: "/api", sessions }`. */
export async function orgRoutes(app: FastifyInstance, opts: OrgDeps) {
  const deps: OrgDeps = { sessions: opts.sessions };
  await app.register(memberRoutes, { prefix: "/members", ...deps });
  await app.register(departmentRoutes, { prefix: "/departments" });
  await app.register(roleRoutes, { prefix: "/roles", ...deps });
  await app.register(groupRoutes, { prefix: "/member-groups" });
  await app.register(filterRoutes, { prefix: "/saved-filters" });
  await app.register(pickerRoutes, { prefix: "/org-picker" });
  await app.register(timeZoneRoutes, { prefix: "/firm-time-zone" });
}
