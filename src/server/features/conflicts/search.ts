import { sql } from "drizzle-orm";

import { ADVERSE_ROLES, isAdverseRole } from "../../../shared/conflict-roles";
import {
  CONFLICT_SCOPES,
  type ConflictCheckResult,
  type ConflictHit as Hit,
  type ConflictScope as Scope,
  MAX_KEYWORDS,
} from "../../../shared/contracts/conflicts";
import { AppError } from "../../../shared/errors";
import type { RequestCtx } from "../../lib/request-ctx";
import { outsideNamePaths } from "./edge-names";
import { equityPaths } from "./equity";
import { keywordKeys } from "./index-keys";
import { KIND_RANK, normKey } from "./keys";
import { findKeyMatches } from "./match";
import { hitKey, maskHidden } from "./mask";
import type { KeySource } from "./sync-keys";

/** None empty, at most 10; the field error points at the keyword list. */
export const checkKeywords = (keywords: string[]) => {
  const field = "keywords";
  if (keywords.length === 0 || keywords.some((k) => k.trim() === "" || k.includes("\u0000")))
    throw new AppError(422, "conflicts.errors.keywordEmpty", {
      fields: [{ field, message: "conflicts.errors.keywordEmpty" }],
    });
  if (keywords.length > MAX_KEYWORDS)
    throw new AppError(422, "conflicts.errors.tooMany", {
      params: { max: MAX_KEYWORDS },
      fields: [{ field, message: "conflicts.errors.tooMany" }],
    });
};

/**
 * An equity hit that reaches someone on the counterparty side of one of the firm's cases is a
 * likely conflict too: the party's index row has the same normalised name (one indexed lookup).
 */
const flagCounterparties = async (ctx: RequestCtx, hits: Hit[]) => {
  const equity = hits.filter((h) => h.source === "equity");
  const norms = [...new Set(equity.map((h) => normKey(h.name)).filter(Boolean))];
  if (norms.length === 0) return;
  const result = await ctx.db.execute(sql`select distinct k.norm from conflict_keys k
      join case_parties p on p.workspace_id = k.workspace_id and p.case_id = k.case_id and p.position = k.position
     where k.workspace_id = ${ctx.workspaceId} and k.source = 'party' and k.norm = any(${sql.param(norms)}::text[])
       and p.conflict_role = any(${sql.param([...ADVERSE_ROLES])}::text[])`);
  const counter = new Set(
    (result as unknown as { rows: { norm: string }[] }).rows.map((r) => r.norm),
  );
  for (const h of equity) if (counter.has(normKey(h.name))) h.likelyConflict = true;
};

/**
 * Each keyword is looked up in the conflict_keys index (match.ts) across the firm's clients,
 * employees and case parties (all statuses); the clients it names are then walked up and down
 * their equity (equity.ts), and so are the outside holders and companies it names on equity
 * edges (edge-names.ts). Clients are looked up whenever equity is in scope, as its start.
 */
export const runCheck = async (
  ctx: RequestCtx,
  keywords: string[],
  scopes: Scope[] = [...CONFLICT_SCOPES],
  adverse: string[] = [],
): Promise<ConflictCheckResult> => {
  checkKeywords(keywords);
  // Keywords the new-case form entered as an adverse party: a client they name is a likely conflict.
  if (adverse.some((a) => !keywords.includes(a))) {
    throw new AppError(422, "conflicts.errors.adverseNotKeyword", {
      fields: [{ field: "adverse", message: "conflicts.errors.adverseNotKeyword" }],
    });
  }
  const isAdverse = new Set(adverse);
  const want = new Set(scopes.length ? scopes : CONFLICT_SCOPES);
  const sources: KeySource[] = [];
  if (want.has("clients") || want.has("equity")) sources.push("client");
  if (want.has("employees")) sources.push("employee");
  if (want.has("parties")) sources.push("party");
  const blank = {
    key: "",
    accountId: null,
    accountName: null,
    caseId: null,
    caseNo: null,
    caseName: null,
    caseStatus: null,
    caseCreatedAt: null,
    leadLawyer: null,
    leadPartner: null,
    likelyConflict: false,
    masked: false,
    path: null,
  };
  const hits: Hit[] = [];
  for (const keyword of keywords) {
    const kw = keywordKeys(keyword);
    const matches = await findKeyMatches(ctx, kw, sources);
    const clientHits = matches.filter((m) => m.source === "client");
    for (const m of matches) {
      if (m.source === "client" && want.has("clients")) {
        hits.push({
          ...blank,
          keyword,
          source: "client",
          match: m.match,
          name: m.name,
          conflictRole: "client",
          accountId: m.accountId,
          accountName: m.name,
          likelyConflict: isAdverse.has(keyword),
        });
      } else if (m.source === "employee") {
        hits.push({
          ...blank,
          keyword,
          source: "employee",
          match: m.match,
          name: m.name,
          conflictRole: "our-related",
          accountId: m.accountId,
          accountName: m.accountName,
        });
      } else if (m.source === "party") {
        const conflictRole = m.conflictRole ?? "";
        hits.push({
          ...blank,
          ...m,
          keyword,
          source: "party",
          conflictRole,
          accountName: null,
          likelyConflict: isAdverseRole(conflictRole),
        });
      }
    }
    if (want.has("equity") && clientHits.length) {
      const names = new Map(clientHits.map((c) => [c.accountId, c.name]));
      for (const e of await equityPaths(
        ctx,
        clientHits.map((c) => c.accountId!),
      )) {
        const from = names.get(e.fromId) ?? "";
        hits.push({
          ...blank,
          keyword,
          source: "equity",
          match: "equity",
          name: e.name,
          conflictRole: "our-related",
          accountId: e.accountId,
          path: { direction: e.direction, from, steps: e.steps },
        });
      }
    }
    if (want.has("equity")) {
      for (const e of await outsideNamePaths(ctx, kw)) {
        hits.push({
          ...blank,
          keyword,
          source: "equity",
          match: "equity",
          name: e.name,
          conflictRole: "our-related",
          accountId: e.accountId,
          path: { direction: e.direction, from: e.from, steps: e.steps },
        });
      }
    }
  }
  if (want.has("equity")) await flagCounterparties(ctx, hits);
  for (const h of hits) h.key = hitKey(h);
  await maskHidden(ctx, hits);
  // Grouped by keyword in the order given; within a keyword identifier, exact, then the rest.
  const order = new Map(keywords.map((k, i) => [k, i]));
  hits.sort(
    (a, b) =>
      order.get(a.keyword)! - order.get(b.keyword)! ||
      KIND_RANK[a.match] - KIND_RANK[b.match] ||
      Number(b.likelyConflict) - Number(a.likelyConflict),
  );
  return { keywords, scopes: [...want], adverse: [...isAdverse], hits };
};
