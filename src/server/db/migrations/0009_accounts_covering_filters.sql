DROP INDEX "accounts_source_idx";--> statement-breakpoint
DROP INDEX "accounts_industry_idx";--> statement-breakpoint
DROP INDEX "accounts_type_idx";--> statement-breakpoint
CREATE INDEX "accounts_source_idx" ON "accounts" USING btree ("workspace_id","source","created_at","id","industry","account_type","maintainer_id","status");--> statement-breakpoint
CREATE INDEX "accounts_industry_idx" ON "accounts" USING btree ("workspace_id","industry","created_at","id","source","account_type","maintainer_id","status");--> statement-breakpoint
CREATE INDEX "accounts_type_idx" ON "accounts" USING btree ("workspace_id","account_type","created_at","id","source","industry","maintainer_id","status");