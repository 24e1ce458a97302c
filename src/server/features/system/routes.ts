import type { FastifyInstance } from "fastify";

import { LANGUAGES, LAYOUT_TITLE } from "../../../shared/i18n-config";

type Opts = { userCenterLoginUrl: string; userCenterLogoutUrl: string };

/** What the SPA needs before anyone signs in: where the user center lives, the languages. */
export async function systemRoutes(app: FastifyInstance, opts: Opts) {
  app.get("/config", { config: { permission: "public" } }, async (req) => ({
    systemTitle: req.t("app.systemTitle"),
    layoutTitle: LAYOUT_TITLE,
    userCenterLoginUrl: opts.userCenterLoginUrl,
    userCenterLogoutUrl: opts.userCenterLogoutUrl,
    languages: LANGUAGES,
  }));

  app.get("/health", { config: { permission: "public" } }, async () => ({ status: "ok" }));
}
