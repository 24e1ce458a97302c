ALTER TABLE "tasks" ADD COLUMN "lead_id" uuid;--> statement-breakpoint
CREATE INDEX "tasks_lead_idx" ON "tasks" USING btree ("workspace_id","lead_id");