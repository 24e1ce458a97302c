import { sql } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import type { RequestCtx } from "../../lib/request-ctx";
import { type EquityStep, equityPaths } from "./equity";
import { KIND_RANK, type MatchKind, asIdentifier, matchName, nameKeys } from "./keys";

export const SCOPES = ["clients", "employees", "parties", "equity"] as const;
export type Scope = (typeof SCOPES)[number];
export const MAX_KEYWORDS = 10;

export type Hit = {
  /** Stable within a check: the save pairs decisions with hits by it. */
  key: string;
  keyword: string;
  source: "client" | "employee" | "party" | "equity";
  match: MatchKind | "equity";
  name: string;
  conflictRole: string;
  accountId: string | null;
  accountName: string | null;
  caseId: string | null;
  caseNo: string | null;
  caseName: string | null;
  caseStatus: string | null;
  caseCreatedAt: string | null;
  leadLawyer: string | null;
  likelyConflict: boolean;
  path: { direction: "up" | "down"; from: string; steps: EquityStep[] } | null;
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** SPEC §5: none empty, at most 10; the field error points at the keyword list. */
export const checkKeywords = (keywords: string[]) => {
  const field = "keywords";
  if (keywords.length === 0 || keywords.some((k) => k.trim() === "" || k.includes("\u0000")))
    throw new AppError(422, "conflicts.errors.keywordEmpty", { fields: [{ field, message: "conflicts.errors.keywordEmpty" }] });
  if (keywords.length > MAX_KEYWORDS)
    throw new AppError(422, "conflicts.errors.tooMany", { params: { max: MAX_KEYWORDS }, fields: [{ field, message: "conflicts.errors.tooMany" }] });
};

type ClientRow = { id: string; name: string; idNumber: string | null; creditCode: string | null };
type EmployeeRow = { id: string; name: string; idNumber: string | null; accountId: string; accountName: string };
type PartyRow = {
  name: string; idNumber: string | null; conflictRole: string; accountId: string | null; caseId: string; caseNo: string;
  caseName: string; caseStatus: string; caseCreatedAt: string; leadLawyer: string | null;
};

/**
 * Every row of the firm's clients, employees and case parties (all statuses) is compared with every
 * keyword in memory: a missed hit is a conduct breach, and pinyin, initials and region-stripped
 * keys cannot all be pushed into one indexable predicate without a key table.
 */
export const runCheck = async (ctx: RequestCtx, keywords: string[], scopes: Scope[] = [...SCOPES]) => {
  checkKeywords(keywords);
  const ws = ctx.workspaceId;
  const want = new Set(scopes.length ? scopes : SCOPES);
  const clients = rowsOf<ClientRow>(
    await ctx.db.execute(sql`select id::text, name, id_number as "idNumber", credit_code as "creditCode" from accounts where workspace_id = ${ws}`),
  );
  const employees = want.has("employees")
    ? rowsOf<EmployeeRow>(
        await ctx.db.execute(sql`select e.id::text, e.name, e.id_number as "idNumber", e.account_id::text as "accountId", a.name as "accountName"
          from account_employees e join accounts a on a.workspace_id = e.workspace_id and a.id = e.account_id where e.workspace_id = ${ws}`),
      )
    : [];
  const parties = want.has("parties")
    ? rowsOf<PartyRow>(
        await ctx.db.execute(sql`select p.name, p.id_number as "idNumber", p.conflict_role as "conflictRole", p.account_id::text as "accountId",
            c.id::text as "caseId", c.case_no as "caseNo", c.name as "caseName", c.status as "caseStatus",
            c.created_at::text as "caseCreatedAt", u.name as "leadLawyer"
          from case_parties p join cases c on c.workspace_id = p.workspace_id and c.id = p.case_id
          left join users u on u.id = c.lead_lawyer_id
         where p.workspace_id = ${ws}`),
      )
    : [];
  const blank = { key: "", accountId: null, accountName: null, caseId: null, caseNo: null, caseName: null, caseStatus: null, caseCreatedAt: null, leadLawyer: null, likelyConflict: false, path: null };
  const hits: Hit[] = [];
  for (const keyword of keywords) {
    const kw = nameKeys(keyword);
    const kwId = asIdentifier(keyword);
    const clientHits: ClientRow[] = [];
    for (const c of clients) {
      const match = matchName(kw, kwId, c.name, [c.idNumber, c.creditCode]);
      if (!match) continue;
      clientHits.push(c);
      if (want.has("clients")) hits.push({ ...blank, keyword, source: "client", match, name: c.name, conflictRole: "client", accountId: c.id, accountName: c.name });
    }
    for (const e of employees) {
      const match = matchName(kw, kwId, e.name, [e.idNumber]);
      if (match) hits.push({ ...blank, keyword, source: "employee", match, name: e.name, conflictRole: "our-related", accountId: e.accountId, accountName: e.accountName });
    }
    for (const p of parties) {
      const match = matchName(kw, kwId, p.name, [p.idNumber]);
      if (!match) continue;
      const { name, idNumber: _id, ...rest } = p;
      hits.push({ ...blank, ...rest, keyword, source: "party", match, name, accountName: null, likelyConflict: p.conflictRole === "counterparty-related" });
    }
    if (want.has("equity") && clientHits.length) {
      const names = new Map(clientHits.map((c) => [c.id, c.name]));
      for (const e of await equityPaths(ctx, clientHits.map((c) => c.id))) {
        const from = names.get(e.fromId) ?? "";
        hits.push({ ...blank, keyword, source: "equity", match: "equity", name: e.name, conflictRole: "our-related", accountId: e.accountId, path: { direction: e.direction, from, steps: e.steps } });
      }
    }
  }
  for (const h of hits) h.key = [h.keyword, h.source, h.match, h.name, h.accountId ?? "", h.caseId ?? "", h.path?.steps.map((s) => s.name).join(">") ?? ""].join("|");
  // Grouped by keyword in the order given; within a keyword identifier, exact, then the rest.
  const order = new Map(keywords.map((k, i) => [k, i]));
  hits.sort((a, b) => order.get(a.keyword)! - order.get(b.keyword)! || KIND_RANK[a.match] - KIND_RANK[b.match] || Number(b.likelyConflict) - Number(a.likelyConflict));
  return { keywords, scopes: [...want], hits };
};
