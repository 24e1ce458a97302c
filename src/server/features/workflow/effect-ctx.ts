import { DEFAULT_LANGUAGE, type Language, LANGUAGES } from "../../../shared/i18n-config";
import { ADMIN_RULES } from "../../../shared/permissions";
import type { Db } from "../../db/client";
import type { RequestCtx } from "../../lib/request-ctx";
import { buildAbility } from "../../plugins/auth";
import { storedLanguage } from "../../lib/stored-language";
import type { EffectInstance } from "./registry";
import { type TitleParts, titleIn } from "./title";

/**
 * The language an approval was submitted in: its initiator's stored choice, else the language its
 * title was written in (a business title's parts rendered in each language, compared with the
 * submitter's text), else the firm's default.
 */
const instanceLanguage = async (
  db: Db,
  instance: EffectInstance & { titleI18n?: TitleParts | null },
): Promise<Language> => {
  const stored = await storedLanguage(db, instance.initiatorId);
  if (stored) return stored;
  const written = instance.titleI18n
    ? LANGUAGES.find(({ code }) => titleIn(code, instance) === instance.title)
    : undefined;
  return written?.code ?? DEFAULT_LANGUAGE;
};

/**
 * The one service context business effects run in, built by the engine on the final action's
 * transaction: the firm of the approval, the actor who finished it, the approval's language, and
 * the app's registries. The approval decided; what it applies is checked as the firm would, not
 * as the last actor sees it.
 */
export const effectCtx = async (
  actor: RequestCtx,
  tx: Db,
  instance: EffectInstance & { titleI18n?: TitleParts | null },
): Promise<RequestCtx> => ({
  userId: instance.actorId,
  workspaceId: instance.workspaceId,
  sessionId: "",
  db: tx,
  ability: buildAbility(ADMIN_RULES),
  rules: ADMIN_RULES,
  lang: await instanceLanguage(tx, instance),
  ip: "",
  log: actor.log,
  app: actor.app,
});
