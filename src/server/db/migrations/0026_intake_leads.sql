CREATE TABLE "leads" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"lead_no" text NOT NULL,
	"title" text NOT NULL,
	"consulted_on" date,
	"account_id" uuid,
	"prospect_name" text,
	"prospect_type" text,
	"prospect_id_number" text,
	"contact_name" text,
	"contact_phone" text,
	"case_type" text,
	"estimated_fee" numeric(14, 2),
	"source" text,
	"originator_id" uuid,
	"referrer" text,
	"stage" text NOT NULL,
	"lost_reason" text,
	"parties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"conflict_report_id" uuid,
	"case_id" uuid,
	"converted_at" timestamp with time zone,
	"department_id" uuid,
	CONSTRAINT "leads_workspace_id_id_pk" PRIMARY KEY("workspace_id","id"),
	CONSTRAINT "leads_estimated_fee_ck" CHECK ("leads"."estimated_fee" is null or "leads"."estimated_fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_no_uq" ON "leads" USING btree ("workspace_id","lead_no");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_stage_idx" ON "leads" USING btree ("workspace_id","stage","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_source_idx" ON "leads" USING btree ("workspace_id","source","created_at");