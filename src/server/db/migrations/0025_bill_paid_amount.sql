ALTER TABLE "case_bills" ADD COLUMN "paid_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "case_payments_day_idx" ON "case_payments" USING btree ("workspace_id","paid_on");--> statement-breakpoint
UPDATE "case_bills" b SET "paid_amount" = p.amount
  FROM (SELECT workspace_id, bill_id, sum(amount) AS amount FROM "case_payments"
         WHERE bill_id IS NOT NULL GROUP BY workspace_id, bill_id) p
 WHERE p.workspace_id = b.workspace_id AND p.bill_id = b.id;
