CREATE TABLE "archive_loan_opens" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"what" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	CONSTRAINT "archive_loan_opens_workspace_id_id_pk" PRIMARY KEY("workspace_id","id"),
	CONSTRAINT "archive_loan_opens_what_ck" CHECK ("archive_loan_opens"."what" in ('volume', 'pdf'))
);
--> statement-breakpoint
CREATE TABLE "archive_loans" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"volume_id" uuid NOT NULL,
	"borrower_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"until_on" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"approval_id" uuid,
	"lent_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"returned_by" uuid,
	"reminded_on" date,
	CONSTRAINT "archive_loans_workspace_id_id_pk" PRIMARY KEY("workspace_id","id"),
	CONSTRAINT "archive_loans_status_ck" CHECK ("archive_loans"."status" in ('pending', 'active', 'returned', 'rejected', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "archive_volume_items" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"volume_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_id" uuid,
	"position" integer NOT NULL,
	"included" boolean DEFAULT true NOT NULL,
	CONSTRAINT "archive_volume_items_workspace_id_id_pk" PRIMARY KEY("workspace_id","id"),
	CONSTRAINT "archive_volume_items_kind_ck" CHECK ("archive_volume_items"."kind" in ('cover', 'contents', 'closing-note', 'quality-card', 'file'))
);
--> statement-breakpoint
CREATE TABLE "archive_volumes" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"case_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"volume_no" text,
	"year" integer,
	"retention_years" integer NOT NULL,
	"closed_on" date NOT NULL,
	"due_on" date NOT NULL,
	"archived_at" timestamp with time zone,
	"approval_id" uuid,
	"quality_card_file_id" uuid,
	"overdue_notified_at" timestamp with time zone,
	"merge_status" text DEFAULT 'none' NOT NULL,
	"merge_error" text,
	"merge_attempts" integer DEFAULT 0 NOT NULL,
	"merge_started_at" timestamp with time zone,
	"merged_file_id" uuid,
	"merged_sha256" text,
	"merged_pages" integer,
	CONSTRAINT "archive_volumes_workspace_id_id_pk" PRIMARY KEY("workspace_id","id"),
	CONSTRAINT "archive_volumes_status_ck" CHECK ("archive_volumes"."status" in ('draft', 'pending', 'archived')),
	CONSTRAINT "archive_volumes_merge_ck" CHECK ("archive_volumes"."merge_status" in ('none', 'queued', 'running', 'done', 'failed')),
	CONSTRAINT "archive_volumes_retention_ck" CHECK ("archive_volumes"."retention_years" >= 10)
);
--> statement-breakpoint
ALTER TABLE "archive_loan_opens" ADD CONSTRAINT "archive_loan_opens_workspace_id_loan_id_archive_loans_workspace_id_id_fk" FOREIGN KEY ("workspace_id","loan_id") REFERENCES "public"."archive_loans"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_loans" ADD CONSTRAINT "archive_loans_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_loans" ADD CONSTRAINT "archive_loans_workspace_id_volume_id_archive_volumes_workspace_id_id_fk" FOREIGN KEY ("workspace_id","volume_id") REFERENCES "public"."archive_volumes"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_volume_items" ADD CONSTRAINT "archive_volume_items_workspace_id_volume_id_archive_volumes_workspace_id_id_fk" FOREIGN KEY ("workspace_id","volume_id") REFERENCES "public"."archive_volumes"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_volumes" ADD CONSTRAINT "archive_volumes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_volumes" ADD CONSTRAINT "archive_volumes_workspace_id_case_id_cases_workspace_id_id_fk" FOREIGN KEY ("workspace_id","case_id") REFERENCES "public"."cases"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "archive_loan_opens_loan_idx" ON "archive_loan_opens" USING btree ("workspace_id","loan_id","opened_at");--> statement-breakpoint
CREATE INDEX "archive_loans_volume_idx" ON "archive_loans" USING btree ("workspace_id","volume_id","borrower_id");--> statement-breakpoint
CREATE INDEX "archive_loans_borrower_idx" ON "archive_loans" USING btree ("workspace_id","borrower_id","status");--> statement-breakpoint
CREATE INDEX "archive_loans_status_idx" ON "archive_loans" USING btree ("status","until_on");--> statement-breakpoint
CREATE UNIQUE INDEX "archive_loans_open_uq" ON "archive_loans" USING btree ("workspace_id","volume_id","borrower_id") WHERE "archive_loans"."status" in ('pending', 'active');--> statement-breakpoint
CREATE INDEX "archive_volume_items_volume_idx" ON "archive_volume_items" USING btree ("workspace_id","volume_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "archive_volume_items_file_uq" ON "archive_volume_items" USING btree ("workspace_id","volume_id","file_id") WHERE "archive_volume_items"."file_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "archive_volumes_case_uq" ON "archive_volumes" USING btree ("workspace_id","case_id");--> statement-breakpoint
CREATE UNIQUE INDEX "archive_volumes_no_uq" ON "archive_volumes" USING btree ("workspace_id","volume_no");--> statement-breakpoint
CREATE INDEX "archive_volumes_merge_idx" ON "archive_volumes" USING btree ("merge_status");