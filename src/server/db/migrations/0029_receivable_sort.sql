DROP INDEX "receivable_totals_rank_idx";--> statement-breakpoint
ALTER TABLE "receivable_totals" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "receivable_totals_rank_idx" ON "receivable_totals" USING btree ("workspace_id","outstanding" DESC NULLS LAST,"name","account_id");--> statement-breakpoint
-- The refresh function of 0028, now also copying the client's name: the screen's order (largest
-- debt, then name, then id) is the rank index above, so a page is a range of it.
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
-- Backfill: every totals row takes its client's name.
UPDATE "receivable_totals" t SET "name" = a."name"
  FROM "accounts" a WHERE a."workspace_id" = t."workspace_id" AND a."id" = t."account_id";
