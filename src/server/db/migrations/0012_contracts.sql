CREATE TABLE "contract_number_counters" (
	"workspace_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "contract_number_counters_workspace_id_kind_year_pk" PRIMARY KEY("workspace_id","kind","year")
);
--> statement-breakpoint
CREATE TABLE "contract_submissions" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"instance_id" uuid,
	"case_id" uuid NOT NULL,
	"values" jsonb NOT NULL,
	"contract_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "contract_submissions_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"contract_no" text NOT NULL,
	"name" text NOT NULL,
	"contract_type" text NOT NULL,
	"case_id" uuid NOT NULL,
	"account_id" uuid,
	"start_date" date,
	"end_date" date,
	"amount" numeric(14, 2),
	"fee_type" text,
	"fee_fixed" numeric(14, 2),
	"fee_percent" numeric(5, 2),
	"fee_terms" text,
	"status" text DEFAULT 'approved' NOT NULL,
	"signing_status" text DEFAULT 'unsigned' NOT NULL,
	"sealing_firm" text,
	"seal_id" uuid,
	"copies" integer DEFAULT 1 NOT NULL,
	"attachment_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"signer_name" text,
	"signer_mobile" text,
	"signer_email" text,
	"approval_id" uuid,
	"archive_file_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"archive_remark" text,
	"archived_at" timestamp with time zone,
	"void_reason" text,
	"void_certificate_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"voided_at" timestamp with time zone,
	"pending_approval_id" uuid,
	"pending_action" jsonb,
	CONSTRAINT "contracts_workspace_id_id_pk" PRIMARY KEY("workspace_id","id"),
	CONSTRAINT "contracts_dates_ck" CHECK ("contracts"."start_date" is null or "contracts"."end_date" is null or "contracts"."start_date" <= "contracts"."end_date"),
	CONSTRAINT "contracts_copies_ck" CHECK ("contracts"."copies" > 0 and "contracts"."copies" <= 999)
);
--> statement-breakpoint
CREATE TABLE "seal_requests" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"request_no" text NOT NULL,
	"document_type" text NOT NULL,
	"case_id" uuid,
	"recipients" text NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seal_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"reviewed" boolean NOT NULL,
	"mode" text DEFAULT 'office' NOT NULL,
	"return_due" date,
	"status" text DEFAULT 'pending' NOT NULL,
	"approval_id" uuid,
	"returned_at" timestamp with time zone,
	"overdue_notified_at" timestamp with time zone,
	CONSTRAINT "seal_requests_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "seal_usages" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"seal_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"instance_id" uuid,
	"subject" text NOT NULL,
	"copies" integer NOT NULL,
	"approved_by" uuid,
	"stamped_by" uuid,
	"stamped_at" timestamp with time zone NOT NULL,
	"photo_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seal_usages_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "seals" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"seal_type" text NOT NULL,
	"sealing_firm" text NOT NULL,
	"custodian_id" uuid NOT NULL,
	"seal_status" text DEFAULT 'active' NOT NULL,
	"image_file_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	CONSTRAINT "seals_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
ALTER TABLE "contract_number_counters" ADD CONSTRAINT "contract_number_counters_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_submissions" ADD CONSTRAINT "contract_submissions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_workspace_id_case_id_cases_workspace_id_id_fk" FOREIGN KEY ("workspace_id","case_id") REFERENCES "public"."cases"("workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_requests" ADD CONSTRAINT "seal_requests_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_usages" ADD CONSTRAINT "seal_usages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_usages" ADD CONSTRAINT "seal_usages_workspace_id_seal_id_seals_workspace_id_id_fk" FOREIGN KEY ("workspace_id","seal_id") REFERENCES "public"."seals"("workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seals" ADD CONSTRAINT "seals_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_submissions_instance_uq" ON "contract_submissions" USING btree ("workspace_id","instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_no_uq" ON "contracts" USING btree ("workspace_id","contract_no");--> statement-breakpoint
CREATE INDEX "contracts_created_idx" ON "contracts" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contracts_case_idx" ON "contracts" USING btree ("workspace_id","case_id");--> statement-breakpoint
CREATE INDEX "contracts_status_idx" ON "contracts" USING btree ("workspace_id","status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "seal_requests_no_uq" ON "seal_requests" USING btree ("workspace_id","request_no");--> statement-breakpoint
CREATE INDEX "seal_requests_created_idx" ON "seal_requests" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "seal_requests_overdue_idx" ON "seal_requests" USING btree ("return_due") WHERE "seal_requests"."status" = 'taken-out';--> statement-breakpoint
CREATE INDEX "seal_usages_seal_idx" ON "seal_usages" USING btree ("workspace_id","seal_id","stamped_at");--> statement-breakpoint
CREATE INDEX "seal_usages_entity_idx" ON "seal_usages" USING btree ("workspace_id","entity","entity_id");--> statement-breakpoint
CREATE INDEX "seals_firm_idx" ON "seals" USING btree ("workspace_id","sealing_firm","seal_status");--> statement-breakpoint
-- hand-written: firms created before this migration get the contract-type dictionary (the seed adds it to new ones).
INSERT INTO "dictionary_types" ("workspace_id", "code", "name_zh", "name_en", "sort_order", "is_system")
SELECT w."id", 'contract-type', '合同类型', 'Contract types', 100, true FROM "workspaces" w
WHERE NOT EXISTS (SELECT 1 FROM "dictionary_types" d WHERE d."workspace_id" = w."id" AND d."code" = 'contract-type');--> statement-breakpoint
INSERT INTO "dictionary_items" ("workspace_id", "type_id", "code", "label_zh", "label_en", "sort_order")
SELECT t."workspace_id", t."id", v.code, v.zh, v.en, v.ord
FROM "dictionary_types" t
CROSS JOIN (VALUES ('engagement', '委托代理合同', 'Engagement agreement', 0), ('retainer', '常年法律顾问合同', 'Retainer agreement', 1),
  ('special-service', '专项服务合同', 'Special-service agreement', 2), ('supplement', '补充协议', 'Supplementary agreement', 3),
  ('other', '其他合同', 'Other contract', 4)) AS v(code, zh, en, ord)
WHERE t."code" = 'contract-type'
  AND NOT EXISTS (SELECT 1 FROM "dictionary_items" i WHERE i."workspace_id" = t."workspace_id" AND i."type_id" = t."id" AND i."code" = v.code);
