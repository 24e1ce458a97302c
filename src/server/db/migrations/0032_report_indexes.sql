DROP INDEX "case_payments_case_idx";--> statement-breakpoint
DROP INDEX "case_payments_day_idx";--> statement-breakpoint
ALTER TABLE "case_bills" ADD COLUMN "outstanding" numeric(14, 2) GENERATED ALWAYS AS (total - paid_amount) STORED;--> statement-breakpoint
ALTER TABLE "case_bills" ADD COLUMN "aged_from" date GENERATED ALWAYS AS (coalesce(due_on, issued_on)) STORED;--> statement-breakpoint
CREATE INDEX "case_bills_issued_idx" ON "case_bills" USING btree ("workspace_id","issued_on","status","case_id","total");--> statement-breakpoint
CREATE INDEX "case_bills_owed_idx" ON "case_bills" USING btree ("workspace_id","aged_from","status","case_id","outstanding") WHERE "case_bills"."outstanding" > 0;--> statement-breakpoint
CREATE INDEX "case_time_entries_day_idx" ON "case_time_entries" USING btree ("workspace_id","work_date","user_id","minutes");--> statement-breakpoint
CREATE INDEX "case_time_entries_user_idx" ON "case_time_entries" USING btree ("workspace_id","user_id","work_date","minutes");--> statement-breakpoint
CREATE INDEX "cases_lead_idx" ON "cases" USING btree ("workspace_id","lead_lawyer_id","status","stage","id");--> statement-breakpoint
CREATE INDEX "cases_stage_idx" ON "cases" USING btree ("workspace_id","status","stage");--> statement-breakpoint
CREATE INDEX "key_dates_outcome_idx" ON "key_dates" USING btree ("workspace_id","due_date","status","updated_at","responsible_id");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("workspace_id","issued_on","case_id","amount") WHERE "invoices"."status" = 'issued';--> statement-breakpoint
CREATE INDEX "case_payments_case_idx" ON "case_payments" USING btree ("workspace_id","case_id","paid_on","amount");--> statement-breakpoint
CREATE INDEX "case_payments_day_idx" ON "case_payments" USING btree ("workspace_id","paid_on","case_id","amount");