CREATE TABLE "case_expenses" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"case_id" uuid NOT NULL,
	"spent_on" date NOT NULL,
	"category" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"paid_by" text DEFAULT 'firm' NOT NULL,
	"billable" boolean DEFAULT true NOT NULL,
	"description" text,
	"receipt_file_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"bill_id" uuid,
	CONSTRAINT "case_expenses_workspace_id_id_pk" PRIMARY KEY("workspace_id","id"),
	CONSTRAINT "case_expenses_amount_ck" CHECK ("case_expenses"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "case_fee_terms" (
	"workspace_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"arrangement" jsonb,
	"schedule" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"trigger_dates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source_contract_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "case_fee_terms_workspace_id_case_id_pk" PRIMARY KEY("workspace_id","case_id")
);
--> statement-breakpoint
CREATE TABLE "fee_allocations" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"effective_from" date NOT NULL,
	"originator_id" uuid,
	"lines" jsonb NOT NULL,
	"management_fee_percent" numeric(5, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "fee_allocations_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "fee_instalment_notices" (
	"workspace_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"instalment_index" integer NOT NULL,
	"due_date" date NOT NULL,
	"interval" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_instalment_notices_workspace_id_case_id_instalment_index_due_date_interval_pk" PRIMARY KEY("workspace_id","case_id","instalment_index","due_date","interval")
);
--> statement-breakpoint
CREATE TABLE "fee_periods" (
	"workspace_id" uuid NOT NULL,
	"period" text NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" uuid,
	"totals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "fee_periods_workspace_id_period_pk" PRIMARY KEY("workspace_id","period"),
	CONSTRAINT "fee_periods_period_ck" CHECK ("fee_periods"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "fee_share_lines" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"paid_on" date NOT NULL,
	"period" text NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"member_id" uuid,
	"role" text,
	"percent" numeric(5, 2),
	"amount" numeric(14, 2) NOT NULL,
	"refers_to" uuid,
	"reason" text DEFAULT 'payment' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_share_lines_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"workspace_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "invoice_payments_workspace_id_invoice_id_payment_id_pk" PRIMARY KEY("workspace_id","invoice_id","payment_id"),
	CONSTRAINT "invoice_payments_amount_ck" CHECK ("invoice_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"request_no" text NOT NULL,
	"case_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"bill_id" uuid,
	"payment_id" uuid,
	"invoice_type" text NOT NULL,
	"buyer_title" text NOT NULL,
	"buyer_tax_id" text,
	"amount" numeric(14, 2) NOT NULL,
	"tax_rate" numeric(5, 2) NOT NULL,
	"tax_amount" numeric(14, 2) NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"approval_id" uuid,
	"invoice_no" text,
	"invoice_code" text,
	"issued_on" date,
	"invoice_file_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"issued_by" uuid,
	"cancel_reason" text,
	"cancelled_on" date,
	"cancelled_by" uuid,
	CONSTRAINT "invoices_workspace_id_id_pk" PRIMARY KEY("workspace_id","id"),
	CONSTRAINT "invoices_amount_ck" CHECK ("invoices"."amount" > 0 and "invoices"."tax_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "case_bills" ADD COLUMN "expense_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "fee_allocation" jsonb;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "management_fee_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "case_expenses" ADD CONSTRAINT "case_expenses_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_expenses" ADD CONSTRAINT "case_expenses_workspace_id_case_id_cases_workspace_id_id_fk" FOREIGN KEY ("workspace_id","case_id") REFERENCES "public"."cases"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_fee_terms" ADD CONSTRAINT "case_fee_terms_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_fee_terms" ADD CONSTRAINT "case_fee_terms_workspace_id_case_id_cases_workspace_id_id_fk" FOREIGN KEY ("workspace_id","case_id") REFERENCES "public"."cases"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_allocations" ADD CONSTRAINT "fee_allocations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_allocations" ADD CONSTRAINT "fee_allocations_workspace_id_case_id_cases_workspace_id_id_fk" FOREIGN KEY ("workspace_id","case_id") REFERENCES "public"."cases"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_instalment_notices" ADD CONSTRAINT "fee_instalment_notices_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_periods" ADD CONSTRAINT "fee_periods_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_share_lines" ADD CONSTRAINT "fee_share_lines_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_workspace_id_case_id_cases_workspace_id_id_fk" FOREIGN KEY ("workspace_id","case_id") REFERENCES "public"."cases"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_expenses_case_idx" ON "case_expenses" USING btree ("workspace_id","case_id","spent_on");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_allocations_case_day_uq" ON "fee_allocations" USING btree ("workspace_id","case_id","effective_from");--> statement-breakpoint
CREATE INDEX "fee_share_lines_member_idx" ON "fee_share_lines" USING btree ("workspace_id","member_id","period");--> statement-breakpoint
CREATE INDEX "fee_share_lines_period_idx" ON "fee_share_lines" USING btree ("workspace_id","period");--> statement-breakpoint
CREATE INDEX "fee_share_lines_payment_idx" ON "fee_share_lines" USING btree ("workspace_id","payment_id");--> statement-breakpoint
CREATE INDEX "invoice_payments_payment_idx" ON "invoice_payments" USING btree ("workspace_id","payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_request_no_uq" ON "invoices" USING btree ("workspace_id","request_no");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("workspace_id","invoice_code","invoice_no") WHERE "invoices"."invoice_no" is not null;--> statement-breakpoint
CREATE INDEX "invoices_case_idx" ON "invoices" USING btree ("workspace_id","case_id","status");--> statement-breakpoint
CREATE INDEX "invoices_account_idx" ON "invoices" USING btree ("workspace_id","account_id","status");--> statement-breakpoint
CREATE INDEX "invoices_created_idx" ON "invoices" USING btree ("workspace_id","created_at","id");