import { type SQL, sql } from "drizzle-orm";

import type { Db } from "../../db/client";
import { EDGE_MARK, storedKeys } from "./index-keys";

/** Who a conflict_keys row stands for: a client, a client's employee, or a party of a case. */
export type KeySource = "client" | "employee" | "party";

type Scope = { db: Db; workspaceId: string };
type SourceRow = {
  accountId?: string;
  employeeId?: string;
  caseId?: string;
  position?: number;
  name: string;
  ids: (string | null)[];
  edgeNames?: string[];
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const BATCH = 2000;

/** The stored names behind `ids`: account ids, employee ids, or case ids (all of a case's parties). */
const SOURCES: Record<KeySource, { column: string; read: (ws: string, ids: unknown) => SQL }> = {
  client: {
    column: "account_id",
    // With the outside holders and companies on its equity edges (index-keys.ts, edgeNameTokens).
    read: (
      ws,
      ids,
    ) => sql`select a.id::text as "accountId", a.name, array[a.id_number, a.credit_code] as ids,
        array(select e.holder_name from equity_edges e
               where e.workspace_id = a.workspace_id and e.company_account_id = a.id and e.holder_account_id is null
              union
              select e.company_name from equity_edges e
               where e.workspace_id = a.workspace_id and e.holder_account_id = a.id and e.company_account_id is null) as "edgeNames"
      from accounts a where a.workspace_id = ${ws} and a.id = any(${ids}::uuid[])`,
  },
  employee: {
    column: "employee_id",
    read: (ws, ids) => sql`select id::text as "employeeId", name, array[id_number] as ids
      from account_employees where workspace_id = ${ws} and id = any(${ids}::uuid[])`,
  },
  party: {
    column: "case_id",
    read: (ws, ids) => sql`select case_id::text as "caseId", position, name, array[id_number] as ids
      from case_parties where workspace_id = ${ws} and case_id = any(${ids}::uuid[])`,
  },
};

/**
 * Rewrites the conflict-check keys of the given clients, employees or cases' parties from what is
 * stored now. Every write of a name or identifier calls this inside its own transaction, so the
 * check never reads keys older than the data; sources that are gone simply lose their keys.
 */
export const syncConflictKeys = async (scope: Scope, source: KeySource, ids: string[]) => {
  const { column, read } = SOURCES[source];
  for (let i = 0; i < ids.length; i += BATCH) {
    const chunk = sql.param([...new Set(ids.slice(i, i + BATCH))]);
    const rows = rowsOf<SourceRow>(await scope.db.execute(read(scope.workspaceId, chunk)));
    await scope.db.execute(
      sql`delete from conflict_keys where workspace_id = ${scope.workspaceId} and ${sql.identifier(column)} = any(${chunk}::uuid[])`,
    );
    if (rows.length === 0) continue;
    const records = rows.map((r) => {
      const k = storedKeys(r.name, r.ids, r.edgeNames ?? []);
      return {
        account_id: r.accountId ?? null,
        employee_id: r.employeeId ?? null,
        case_id: r.caseId ?? null,
        position: r.position ?? null,
        name: r.name,
        identifiers: k.identifiers,
        norm: k.norm,
        core: k.core,
        bare: k.bare,
        py: k.py,
        initials: k.initials,
        grams: k.grams,
        py_grams: k.pyGrams,
      };
    });
    // One JSON parameter per batch: a few thousand rows need no 65 535-parameter juggling.
    await scope.db.execute(sql`
      insert into conflict_keys (workspace_id, source, account_id, employee_id, case_id, position, name, identifiers,
                                 norm, core, bare, py, initials, grams, py_grams)
      select ${scope.workspaceId}, ${source}, r.account_id, r.employee_id, r.case_id, r.position, r.name, r.identifiers,
             r.norm, r.core, r.bare, r.py, r.initials, r.grams, r.py_grams
        from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(account_id uuid, employee_id uuid, case_id uuid,
             position int, name text, identifiers text[], norm text, core text, bare text, py text, initials text,
             grams text[], py_grams text[])`);
  }
};

/** Stale placeholders for sources without keys; migration 0015 runs the same statements. */
const markMissingConflictKeys = async (db: Db) => {
  await db.execute(sql`insert into conflict_keys (workspace_id, source, account_id, name, stale)
    select a.workspace_id, 'client', a.id, a.name, true from accounts a
     where not exists (select 1 from conflict_keys k where k.workspace_id = a.workspace_id and k.account_id = a.id)`);
  await db.execute(sql`insert into conflict_keys (workspace_id, source, employee_id, name, stale)
    select e.workspace_id, 'employee', e.id, e.name, true from account_employees e
     where not exists (select 1 from conflict_keys k where k.workspace_id = e.workspace_id and k.employee_id = e.id)`);
  await db.execute(sql`insert into conflict_keys (workspace_id, source, case_id, position, name, stale)
    select p.workspace_id, 'party', p.case_id, p.position, p.name, true from case_parties p
     where not exists (select 1 from conflict_keys k where k.workspace_id = p.workspace_id and k.case_id = p.case_id and k.position = p.position)`);
};

/**
 * Clients whose equity edges name an outside holder or company but whose row lacks the edge
 * tokens: rows keyed before edge names were indexed, or edges inserted by bulk SQL. One pass over
 * the edges with an outside side; a row already marked is left alone.
 */
const markEdgeNamesMissing = async (db: Db) => {
  await db.execute(sql`update conflict_keys k set stale = true
      from (select distinct workspace_id, coalesce(company_account_id, holder_account_id) as account_id from equity_edges
             where holder_account_id is null or company_account_id is null) e
     where k.workspace_id = e.workspace_id and k.account_id = e.account_id and k.source = 'client'
       and not k.stale and not k.identifiers @> ${sql.param([EDGE_MARK])}::text[]`);
};

/**
 * Computes the keys of every stale row, a batch at a time (pinyin and the folding rules live
 * here, not in SQL). Runs at start-up after the migrations; with nothing stale it is one probe of
 * a partial index. Answers how many rows it rewrote.
 */
export const refreshStaleConflictKeys = async (db: Db) => {
  await markEdgeNamesMissing(db);
  let done = 0;
  for (;;) {
    type Stale = { workspaceId: string; source: KeySource; id: string };
    const stale = rowsOf<Stale>(
      await db.execute(sql`select workspace_id::text as "workspaceId", source, coalesce(account_id, employee_id, case_id)::text as id
        from conflict_keys where stale limit ${BATCH * 5}`),
    );
    if (stale.length === 0) return done;
    const groups = new Map<string, Stale[]>();
    for (const s of stale) {
      const key = `${s.workspaceId}|${s.source}`;
      groups.set(key, groups.get(key) ?? []);
      groups.get(key)!.push(s);
    }
    for (const group of groups.values()) {
      await db.transaction((tx) =>
        syncConflictKeys(
          { db: tx, workspaceId: group[0].workspaceId },
          group[0].source,
          group.map((s) => s.id),
        ),
      );
    }
    done += stale.length;
  }
};

/**
 * Keys for every client, employee and party that has none: what bulk SQL inserted around the
 * services (bench data). Scans every source table, so it is not for the request path.
 */
export const syncMissingConflictKeys = async (db: Db) => {
  await markMissingConflictKeys(db);
  return refreshStaleConflictKeys(db);
};
