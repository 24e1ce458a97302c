import { sql } from "drizzle-orm";

import type { Db } from "../../db/client";
import { dictionaryItems, dictionaryTypes, workspaces } from "../../db/tables";

type Dictionary = {
  code: string;
  zh: string;
  en: string;
  items: [code: string, zh: string, en: string][];
};

/** A lead's stages, in board order; won and lost end it (the intake code relies on those two). */
export const LEAD_STAGE_DICTIONARY: Dictionary = {
  code: "lead-stages",
  zh: "案源阶段",
  en: "Lead stages",
  items: [
    ["consult", "咨询", "Consultation"],
    ["conflict", "利冲", "Conflict check"],
    ["quote", "报价", "Quotation"],
    ["won", "已签约", "Signed"],
    ["lost", "未签约", "Not signed"],
  ],
};

/** Where a lead came from, for the conversion statistics. */
export const LEAD_SOURCE_DICTIONARY: Dictionary = {
  code: "lead-sources",
  zh: "案源来源",
  en: "Lead sources",
  items: [
    ["referral", "转介绍", "Referral"],
    ["website", "网站", "Website"],
    ["existing-client", "老客户", "Existing client"],
    ["event", "活动", "Event"],
    ["other", "其他", "Other"],
  ],
};

const INTAKE_DICTIONARIES = [LEAD_STAGE_DICTIONARY, LEAD_SOURCE_DICTIONARY];

/** One dictionary of one firm, unless it has it already (an admin may have edited it since). */
const ensureDictionary = async (db: Db, workspaceId: string, dict: Dictionary) => {
  const [type] = await db
    .insert(dictionaryTypes)
    .values({ workspaceId, code: dict.code, nameZh: dict.zh, nameEn: dict.en, isSystem: true })
    .onConflictDoNothing()
    .returning();
  if (!type) return;
  await db.insert(dictionaryItems).values(
    dict.items.map(([code, labelZh, labelEn], sortOrder) => ({
      workspaceId,
      typeId: type.id,
      code,
      labelZh,
      labelEn,
      sortOrder,
    })),
  );
};

/**
 * Firms that existed before intake get its dictionaries (a new firm has them from its seed),
 * each firm in its own transaction.
 */
export const provisionIntake = async (db: Db) => {
  const codes = INTAKE_DICTIONARIES.map((d) => d.code);
  const missing = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(
      sql`(select count(*) from dictionary_types t where t.workspace_id = ${workspaces.id}
            and t.code in (${sql.join(
              codes.map((c) => sql`${c}`),
              sql`, `,
            )})) < ${codes.length}`,
    );
  for (const { id } of missing)
    await db.transaction(async (tx) => {
      for (const dict of INTAKE_DICTIONARIES) await ensureDictionary(tx, id, dict);
    });
};
