CREATE TABLE "case_closings" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"case_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"result" text NOT NULL,
	"recovered_amount" numeric(14, 2),
	"summary" text NOT NULL,
	"explanations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"approval_id" uuid,
	"closed_at" timestamp with time zone,
	CONSTRAINT "case_closings_workspace_id_id_pk" PRIMARY KEY("workspace_id","id"),
	CONSTRAINT "case_closings_status_ck" CHECK ("case_closings"."status" in ('pending', 'approved', 'rejected', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "case_closings" ADD CONSTRAINT "case_closings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_closings" ADD CONSTRAINT "case_closings_workspace_id_case_id_cases_workspace_id_id_fk" FOREIGN KEY ("workspace_id","case_id") REFERENCES "public"."cases"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_closings_case_idx" ON "case_closings" USING btree ("workspace_id","case_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "case_closings_pending_uq" ON "case_closings" USING btree ("workspace_id","case_id") WHERE "case_closings"."status" = 'pending';