CREATE TABLE "account_employees" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"id_number" text,
	"mobile" text,
	CONSTRAINT "account_employees_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"account_type" text NOT NULL,
	"name" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"source" text,
	"industry" text,
	"maintainer_id" uuid,
	"credit_code" text,
	"id_number" text,
	"related_parties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"pending_changes" jsonb,
	CONSTRAINT "accounts_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "equity_edges" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"holder_account_id" uuid,
	"holder_name" text DEFAULT '' NOT NULL,
	"company_account_id" uuid,
	"company_name" text DEFAULT '' NOT NULL,
	"share" numeric(7, 4) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "equity_edges_workspace_id_id_pk" PRIMARY KEY("workspace_id","id"),
	CONSTRAINT "equity_edges_share_ck" CHECK ("equity_edges"."share" > 0 and "equity_edges"."share" <= 100),
	CONSTRAINT "equity_edges_sides_ck" CHECK ("equity_edges"."holder_account_id" is not null or "equity_edges"."company_account_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "schema_records" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"resource" text NOT NULL,
	CONSTRAINT "schema_records_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
ALTER TABLE "account_employees" ADD CONSTRAINT "account_employees_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_employees" ADD CONSTRAINT "account_employees_workspace_id_account_id_accounts_workspace_id_id_fk" FOREIGN KEY ("workspace_id","account_id") REFERENCES "public"."accounts"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equity_edges" ADD CONSTRAINT "equity_edges_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equity_edges" ADD CONSTRAINT "equity_edges_workspace_id_holder_account_id_accounts_workspace_id_id_fk" FOREIGN KEY ("workspace_id","holder_account_id") REFERENCES "public"."accounts"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equity_edges" ADD CONSTRAINT "equity_edges_workspace_id_company_account_id_accounts_workspace_id_id_fk" FOREIGN KEY ("workspace_id","company_account_id") REFERENCES "public"."accounts"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schema_records" ADD CONSTRAINT "schema_records_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_employees_account_idx" ON "account_employees" USING btree ("workspace_id","account_id");--> statement-breakpoint
CREATE INDEX "accounts_created_idx" ON "accounts" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "accounts_name_idx" ON "accounts" USING btree ("workspace_id","name");--> statement-breakpoint
CREATE INDEX "accounts_source_idx" ON "accounts" USING btree ("workspace_id","source","created_at");--> statement-breakpoint
CREATE INDEX "accounts_industry_idx" ON "accounts" USING btree ("workspace_id","industry","created_at");--> statement-breakpoint
CREATE INDEX "accounts_maintainer_idx" ON "accounts" USING btree ("workspace_id","maintainer_id");--> statement-breakpoint
CREATE INDEX "accounts_tags_idx" ON "accounts" USING gin ("tags");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_credit_code_uq" ON "accounts" USING btree ("workspace_id","credit_code") WHERE "accounts"."credit_code" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_id_number_uq" ON "accounts" USING btree ("workspace_id","id_number") WHERE "accounts"."id_number" is not null;--> statement-breakpoint
CREATE INDEX "equity_edges_holder_idx" ON "equity_edges" USING btree ("workspace_id","holder_account_id");--> statement-breakpoint
CREATE INDEX "equity_edges_company_idx" ON "equity_edges" USING btree ("workspace_id","company_account_id");--> statement-breakpoint
CREATE INDEX "schema_records_resource_idx" ON "schema_records" USING btree ("workspace_id","resource","created_at");