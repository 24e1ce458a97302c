DROP INDEX "accounts_created_idx";--> statement-breakpoint
DROP INDEX "accounts_name_idx";--> statement-breakpoint
DROP INDEX "accounts_source_idx";--> statement-breakpoint
DROP INDEX "accounts_industry_idx";--> statement-breakpoint
CREATE INDEX "accounts_type_idx" ON "accounts" USING btree ("workspace_id","account_type","created_at","id");--> statement-breakpoint
CREATE INDEX "accounts_created_idx" ON "accounts" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "accounts_name_idx" ON "accounts" USING btree ("workspace_id","name","id");--> statement-breakpoint
CREATE INDEX "accounts_source_idx" ON "accounts" USING btree ("workspace_id","source","created_at","id");--> statement-breakpoint
CREATE INDEX "accounts_industry_idx" ON "accounts" USING btree ("workspace_id","industry","created_at","id");