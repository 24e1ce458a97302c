import { eq, sql } from "drizzle-orm";

import {
  type ArchiveSettings,
  MAX_RETENTION_YEARS,
  MIN_RETENTION_YEARS,
} from "../../../shared/contracts/archive";
import { AppError } from "../../../shared/errors";
import { workspaces } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { fieldError } from "../../schema-engine/checks";
import { saveSettingsSection } from "../../lib/workspace-settings";

/** 明律档字〔2026〕第0001号: the firm's short name (as in case numbers), the year, four digits. */
export const DEFAULT_ARCHIVE_FORMAT = "{firm}档字〔{year}〕第{seq:4}号";
export const DEFAULT_SETTINGS: ArchiveSettings = {
  numberFormat: DEFAULT_ARCHIVE_FORMAT,
  dueMonths: 1,
  retentionYears: { default: MIN_RETENTION_YEARS },
};

const PLACEHOLDER = /\{(year|firm|seq(?::[1-9])?)\}/g;

/** workspaces.settings.archive, each part defaulted on its own (a firm may set one only). */
export const readArchiveSettings = async (
  ctx: Pick<RequestCtx, "db" | "workspaceId">,
): Promise<ArchiveSettings> => {
  const [row] = await ctx.db
    .select({ s: sql<Partial<ArchiveSettings> | null>`${workspaces.settings} -> 'archive'` })
    .from(workspaces)
    .where(eq(workspaces.id, ctx.workspaceId));
  return { ...DEFAULT_SETTINGS, ...(row?.s ?? {}) };
};

/** Years a volume of this case type is kept: its own setting, else the firm's default. */
export const retentionOf = (settings: ArchiveSettings, caseType: string | null) =>
  Math.max(
    MIN_RETENTION_YEARS,
    (caseType ? settings.retentionYears[caseType] : undefined) ??
      settings.retentionYears.default ??
      MIN_RETENTION_YEARS,
  );

/** "2026-01-31" + 1 month → "2026-02-28": the month's last day when the day does not exist. */
export const addMonths = (day: string, months: number) => {
  const [y, m, d] = day.split("-").map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(d, last))}`;
};

/**
 * Saves the firm's archive settings: a format with a sequence and no stray braces, and no
 * retention under ten years (律师业务档案管理办法), each refused with a translated 422.
 */
export const saveArchiveSettings = (ctx: RequestCtx, input: ArchiveSettings) =>
  ctx.db.transaction(async (tx) => {
    const errors = [];
    const placeholders = [...input.numberFormat.matchAll(PLACEHOLDER)].map((m) => m[1]);
    if (
      !placeholders.some((p) => p.startsWith("seq")) ||
      input.numberFormat.replace(PLACEHOLDER, "").match(/[{}]/)
    )
      errors.push(fieldError("numberFormat", "archive.errors.badFormat", ctx.lang));
    for (const [type, years] of Object.entries(input.retentionYears))
      if (years < MIN_RETENTION_YEARS || years > MAX_RETENTION_YEARS)
        errors.push(
          fieldError(`retentionYears.${type}`, "archive.errors.retentionTooShort", ctx.lang, {
            min: MIN_RETENTION_YEARS,
          }),
        );
    // The first reason is the message; every field is named (a 422 the form can place).
    if (errors.length > 0) {
      const key =
        errors[0].field === "numberFormat"
          ? "archive.errors.badFormat"
          : "archive.errors.retentionTooShort";
      throw new AppError(422, key, { params: { min: MIN_RETENTION_YEARS }, fields: errors });
    }
    const before = await readArchiveSettings({ db: tx, workspaceId: ctx.workspaceId });
    const after = {
      ...input,
      retentionYears: { default: MIN_RETENTION_YEARS, ...input.retentionYears },
    };
    await saveSettingsSection(tx, ctx, { key: "archive", value: after, before });
    return after;
  });
