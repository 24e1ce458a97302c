CREATE TABLE "receivable_ageing" (
	"workspace_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"aged_from" date NOT NULL,
	"outstanding" numeric(20, 2) NOT NULL,
	CONSTRAINT "receivable_ageing_workspace_id_account_id_aged_from_pk" PRIMARY KEY("workspace_id","account_id","aged_from")
);
--> statement-breakpoint
CREATE TABLE "receivable_totals" (
	"workspace_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"cases" integer DEFAULT 0 NOT NULL,
	"bills" integer DEFAULT 0 NOT NULL,
	"invoices" integer DEFAULT 0 NOT NULL,
	"billed" numeric(20, 2) DEFAULT '0' NOT NULL,
	"received" numeric(20, 2) DEFAULT '0' NOT NULL,
	"invoiced" numeric(20, 2) DEFAULT '0' NOT NULL,
	"outstanding" numeric(20, 2) DEFAULT '0' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"dated_until" date,
	CONSTRAINT "receivable_totals_workspace_id_account_id_pk" PRIMARY KEY("workspace_id","account_id")
);
--> statement-breakpoint
CREATE INDEX "receivable_totals_rank_idx" ON "receivable_totals" USING btree ("workspace_id","outstanding" DESC NULLS LAST,"name","account_id");--> statement-breakpoint
CREATE INDEX "receivable_totals_dated_idx" ON "receivable_totals" USING btree ("workspace_id","dated_until");--> statement-breakpoint
-- Recomputes the named clients' receivable totals and ageing rows from their bills and invoices
-- (what features/fees/receivables.ts counts for today). The clients' rows are made if missing and
-- locked in account order first, so two writes on one client (two payments at once) run one after
-- the other: the second, waking up, reads what the first committed (each statement of this
-- function takes a new snapshot under READ COMMITTED).
-- The client's name is copied too: the screen's order (largest debt, then name, then id) is the
-- rank index above, so a page is a range of it.
CREATE OR REPLACE FUNCTION "receivable_totals_refresh"(ws uuid, accts uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "receivable_totals" ("workspace_id", "account_id")
    SELECT ws, a FROM (SELECT DISTINCT a FROM unnest(accts) a WHERE a IS NOT NULL) d ORDER BY a
    ON CONFLICT DO NOTHING;
  PERFORM 1 FROM "receivable_totals"
    WHERE "workspace_id" = ws AND "account_id" = ANY (accts) ORDER BY "account_id" FOR UPDATE;
  WITH todo AS (SELECT DISTINCT a AS id FROM unnest(accts) a WHERE a IS NOT NULL),
  bills AS (
    SELECT c.account_id, count(DISTINCT b.case_id)::int AS cases, count(*)::int AS bills,
           sum(b.total) AS billed, sum(b.paid_amount) AS received,
           max(coalesce(b.issued_on, b.created_at::date)) AS dated_until
      FROM todo JOIN cases c ON c.workspace_id = ws AND c.account_id = todo.id
      JOIN case_bills b ON b.workspace_id = ws AND b.case_id = c.id
     WHERE b.status IN ('issued', 'partially-paid', 'paid')
     GROUP BY c.account_id),
  invs AS (
    SELECT c.account_id, count(*) FILTER (WHERE i.status = 'issued')::int AS invoices,
           sum(i.amount) FILTER (WHERE i.status = 'issued') AS invoiced,
           max(greatest(i.issued_on, CASE WHEN i.status <> 'issued' THEN i.cancelled_on END)) AS dated_until
      FROM todo JOIN cases c ON c.workspace_id = ws AND c.account_id = todo.id
      JOIN invoices i ON i.workspace_id = ws AND i.case_id = c.id
     WHERE i.issued_on IS NOT NULL AND i.status IN ('issued', 'reversed', 'voided')
     GROUP BY c.account_id)
  UPDATE "receivable_totals" t
     SET "cases" = coalesce(b.cases, 0), "bills" = coalesce(b.bills, 0),
         "invoices" = coalesce(i.invoices, 0),
         "billed" = coalesce(b.billed, 0), "received" = coalesce(b.received, 0),
         "invoiced" = coalesce(i.invoiced, 0),
         "outstanding" = coalesce(b.billed, 0) - coalesce(b.received, 0),
         "dated_until" = greatest(b.dated_until, i.dated_until),
         "name" = coalesce(a.name, '')
    FROM todo LEFT JOIN bills b ON b.account_id = todo.id LEFT JOIN invs i ON i.account_id = todo.id
         LEFT JOIN accounts a ON a.workspace_id = ws AND a.id = todo.id
   WHERE t.workspace_id = ws AND t.account_id = todo.id;
  DELETE FROM "receivable_ageing" WHERE "workspace_id" = ws AND "account_id" = ANY (accts);
  INSERT INTO "receivable_ageing" ("workspace_id", "account_id", "aged_from", "outstanding")
    SELECT ws, c.account_id, coalesce(b.due_on, b.issued_on, b.created_at::date), sum(b.total - b.paid_amount)
      FROM (SELECT DISTINCT a AS id FROM unnest(accts) a WHERE a IS NOT NULL) todo
      JOIN cases c ON c.workspace_id = ws AND c.account_id = todo.id
      JOIN case_bills b ON b.workspace_id = ws AND b.case_id = c.id
     WHERE b.status IN ('issued', 'partially-paid', 'paid') AND b.total <> b.paid_amount
     GROUP BY c.account_id, coalesce(b.due_on, b.issued_on, b.created_at::date)
    HAVING sum(b.total - b.paid_amount) <> 0;
END $$;
--> statement-breakpoint
-- The statement-level triggers of case_bills, invoices and cases: the clients whose figures the
-- statement may have changed, per firm (a transition table exists only for its operation, so each
-- operation has its own statement).
CREATE OR REPLACE FUNCTION "receivable_totals_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_TABLE_NAME = 'cases' AND TG_OP = 'UPDATE' THEN
    -- A case moved to another client: both clients.
    FOR r IN
      SELECT ws, array_agg(DISTINCT acct) AS accts FROM (
        SELECT o.workspace_id AS ws, unnest(ARRAY[o.account_id, n.account_id]) AS acct
          FROM old_rows o JOIN new_rows n ON n.workspace_id = o.workspace_id AND n.id = o.id
         WHERE n.account_id IS DISTINCT FROM o.account_id) x
      GROUP BY ws
    LOOP
      PERFORM receivable_totals_refresh(r.ws, r.accts);
    END LOOP;
  ELSIF TG_TABLE_NAME = 'cases' THEN
    FOR r IN SELECT workspace_id AS ws, array_agg(DISTINCT account_id) AS accts FROM old_rows GROUP BY workspace_id
    LOOP
      PERFORM receivable_totals_refresh(r.ws, r.accts);
    END LOOP;
  ELSIF TG_OP = 'INSERT' THEN
    FOR r IN
      SELECT c.workspace_id AS ws, array_agg(DISTINCT c.account_id) AS accts
        FROM (SELECT DISTINCT workspace_id, case_id FROM new_rows) x
        JOIN cases c ON c.workspace_id = x.workspace_id AND c.id = x.case_id
       GROUP BY c.workspace_id
    LOOP
      PERFORM receivable_totals_refresh(r.ws, r.accts);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN
      SELECT c.workspace_id AS ws, array_agg(DISTINCT c.account_id) AS accts
        FROM (SELECT DISTINCT workspace_id, case_id FROM old_rows) x
        JOIN cases c ON c.workspace_id = x.workspace_id AND c.id = x.case_id
       GROUP BY c.workspace_id
    LOOP
      PERFORM receivable_totals_refresh(r.ws, r.accts);
    END LOOP;
  ELSE
    -- An update: the rows whose counted columns changed (a bill's remark or an invoice's
    -- attachment leaves the figures alone), old case and new.
    FOR r IN
      SELECT c.workspace_id AS ws, array_agg(DISTINCT c.account_id) AS accts
        FROM (
          SELECT o.workspace_id, unnest(ARRAY[o.case_id, n.case_id]) AS case_id
            FROM old_rows o JOIN new_rows n ON n.workspace_id = o.workspace_id AND n.id = o.id
           WHERE to_jsonb(o) - 'version' - 'updated_at' - 'updated_by' - 'remark'
                 IS DISTINCT FROM to_jsonb(n) - 'version' - 'updated_at' - 'updated_by' - 'remark') x
        JOIN cases c ON c.workspace_id = x.workspace_id AND c.id = x.case_id
       GROUP BY c.workspace_id
    LOOP
      PERFORM receivable_totals_refresh(r.ws, r.accts);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "case_bills_receivables_ins" AFTER INSERT ON "case_bills"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "receivable_totals_touch"();
--> statement-breakpoint
CREATE TRIGGER "case_bills_receivables_upd" AFTER UPDATE ON "case_bills"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "receivable_totals_touch"();
--> statement-breakpoint
CREATE TRIGGER "case_bills_receivables_del" AFTER DELETE ON "case_bills"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "receivable_totals_touch"();
--> statement-breakpoint
CREATE TRIGGER "invoices_receivables_ins" AFTER INSERT ON "invoices"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "receivable_totals_touch"();
--> statement-breakpoint
CREATE TRIGGER "invoices_receivables_upd" AFTER UPDATE ON "invoices"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "receivable_totals_touch"();
--> statement-breakpoint
CREATE TRIGGER "invoices_receivables_del" AFTER DELETE ON "invoices"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "receivable_totals_touch"();
--> statement-breakpoint
CREATE TRIGGER "cases_receivables_upd" AFTER UPDATE ON "cases"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "receivable_totals_touch"();
--> statement-breakpoint
CREATE TRIGGER "cases_receivables_del" AFTER DELETE ON "cases"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "receivable_totals_touch"();
--> statement-breakpoint
-- A client renamed: its totals row takes the new name (the only other way a name changes).
CREATE OR REPLACE FUNCTION "receivable_totals_rename"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "receivable_totals" SET "name" = NEW."name"
   WHERE "workspace_id" = NEW."workspace_id" AND "account_id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "accounts_receivables_name" AFTER UPDATE OF "name" ON "accounts"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "receivable_totals_rename"();
--> statement-breakpoint
-- Backfill: every client with a case, firm by firm.
SELECT "receivable_totals_refresh"("workspace_id", array_agg(DISTINCT "account_id"))
  FROM "cases" GROUP BY "workspace_id";
