CREATE TABLE "case_bills" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"case_id" uuid NOT NULL,
	"bill_no" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"invoice_status" text DEFAULT 'none' NOT NULL,
	"issued_on" date,
	"due_on" date,
	"fixed_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"time_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"remark" text,
	CONSTRAINT "case_bills_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "case_court_numbers" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"case_id" uuid NOT NULL,
	"number" text NOT NULL,
	"court" text,
	"stage" text,
	"is_current" boolean DEFAULT false NOT NULL,
	CONSTRAINT "case_court_numbers_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "case_members" (
	"workspace_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "case_members_workspace_id_case_id_user_id_role_pk" PRIMARY KEY("workspace_id","case_id","user_id","role")
);
--> statement-breakpoint
CREATE TABLE "case_number_counters" (
	"workspace_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"case_type" text NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "case_number_counters_workspace_id_year_case_type_pk" PRIMARY KEY("workspace_id","year","case_type")
);
--> statement-breakpoint
CREATE TABLE "case_parties" (
	"workspace_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"name_norm" text NOT NULL,
	"party_type" text NOT NULL,
	"id_number" text,
	"litigation_role" text,
	"conflict_role" text NOT NULL,
	"account_id" uuid,
	CONSTRAINT "case_parties_workspace_id_case_id_position_pk" PRIMARY KEY("workspace_id","case_id","position")
);
--> statement-breakpoint
CREATE TABLE "case_payments" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"case_id" uuid NOT NULL,
	"paid_on" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"method" text,
	"payer" text,
	"receipt_file_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"bill_id" uuid,
	CONSTRAINT "case_payments_workspace_id_id_pk" PRIMARY KEY("workspace_id","id"),
	CONSTRAINT "case_payments_amount_ck" CHECK ("case_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "case_submissions" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"instance_id" uuid,
	"values" jsonb NOT NULL,
	"case_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "case_submissions_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "case_time_entries" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"case_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"work_date" date NOT NULL,
	"minutes" integer NOT NULL,
	"description" text NOT NULL,
	"billable" boolean DEFAULT true NOT NULL,
	"rate" numeric(14, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"bill_id" uuid,
	CONSTRAINT "case_time_entries_workspace_id_id_pk" PRIMARY KEY("workspace_id","id"),
	CONSTRAINT "case_time_entries_minutes_ck" CHECK ("case_time_entries"."minutes" > 0 and "case_time_entries"."minutes" <= 1440)
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"case_no" text NOT NULL,
	"name" text NOT NULL,
	"account_id" uuid NOT NULL,
	"case_type" text NOT NULL,
	"filing_type" text NOT NULL,
	"cause_of_action" text,
	"stage" text,
	"status" text DEFAULT 'formal' NOT NULL,
	"valid_until" date,
	"amount" numeric(14, 2),
	"fee_type" text,
	"fee_fixed" numeric(14, 2),
	"fee_percent" numeric(5, 2),
	"recovered_amount" numeric(14, 2),
	"service_start" date,
	"service_end" date,
	"termination_reason" text,
	"terminated_at" timestamp with time zone,
	"department_id" uuid,
	"lead_partner_id" uuid,
	"lead_lawyer_id" uuid,
	"co_counsel_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"assistant_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"parties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parent_case_id" uuid,
	"folder_id" uuid,
	"pending_changes" jsonb,
	CONSTRAINT "cases_workspace_id_id_pk" PRIMARY KEY("workspace_id","id"),
	CONSTRAINT "cases_amount_ck" CHECK ("cases"."amount" is null or "cases"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "dictionary_items" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "hourly_rate" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "case_bills" ADD CONSTRAINT "case_bills_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_bills" ADD CONSTRAINT "case_bills_workspace_id_case_id_cases_workspace_id_id_fk" FOREIGN KEY ("workspace_id","case_id") REFERENCES "public"."cases"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_court_numbers" ADD CONSTRAINT "case_court_numbers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_court_numbers" ADD CONSTRAINT "case_court_numbers_workspace_id_case_id_cases_workspace_id_id_fk" FOREIGN KEY ("workspace_id","case_id") REFERENCES "public"."cases"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_members" ADD CONSTRAINT "case_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_members" ADD CONSTRAINT "case_members_workspace_id_case_id_cases_workspace_id_id_fk" FOREIGN KEY ("workspace_id","case_id") REFERENCES "public"."cases"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_number_counters" ADD CONSTRAINT "case_number_counters_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_parties" ADD CONSTRAINT "case_parties_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_parties" ADD CONSTRAINT "case_parties_workspace_id_case_id_cases_workspace_id_id_fk" FOREIGN KEY ("workspace_id","case_id") REFERENCES "public"."cases"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_payments" ADD CONSTRAINT "case_payments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_payments" ADD CONSTRAINT "case_payments_workspace_id_case_id_cases_workspace_id_id_fk" FOREIGN KEY ("workspace_id","case_id") REFERENCES "public"."cases"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_submissions" ADD CONSTRAINT "case_submissions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_time_entries" ADD CONSTRAINT "case_time_entries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_time_entries" ADD CONSTRAINT "case_time_entries_workspace_id_case_id_cases_workspace_id_id_fk" FOREIGN KEY ("workspace_id","case_id") REFERENCES "public"."cases"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_workspace_id_account_id_accounts_workspace_id_id_fk" FOREIGN KEY ("workspace_id","account_id") REFERENCES "public"."accounts"("workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "case_bills_no_uq" ON "case_bills" USING btree ("workspace_id","bill_no");--> statement-breakpoint
CREATE INDEX "case_bills_case_idx" ON "case_bills" USING btree ("workspace_id","case_id");--> statement-breakpoint
CREATE INDEX "case_court_numbers_case_idx" ON "case_court_numbers" USING btree ("workspace_id","case_id");--> statement-breakpoint
CREATE INDEX "case_court_numbers_number_idx" ON "case_court_numbers" USING btree ("workspace_id","number");--> statement-breakpoint
CREATE INDEX "case_members_user_idx" ON "case_members" USING btree ("workspace_id","user_id","case_id");--> statement-breakpoint
CREATE INDEX "case_parties_name_idx" ON "case_parties" USING btree ("workspace_id","name_norm");--> statement-breakpoint
CREATE INDEX "case_parties_id_number_idx" ON "case_parties" USING btree ("workspace_id","id_number") WHERE "case_parties"."id_number" is not null;--> statement-breakpoint
CREATE INDEX "case_parties_account_idx" ON "case_parties" USING btree ("workspace_id","account_id") WHERE "case_parties"."account_id" is not null;--> statement-breakpoint
CREATE INDEX "case_payments_case_idx" ON "case_payments" USING btree ("workspace_id","case_id","paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "case_submissions_instance_uq" ON "case_submissions" USING btree ("workspace_id","instance_id");--> statement-breakpoint
CREATE INDEX "case_time_entries_case_idx" ON "case_time_entries" USING btree ("workspace_id","case_id","work_date");--> statement-breakpoint
CREATE UNIQUE INDEX "cases_case_no_uq" ON "cases" USING btree ("workspace_id","case_no");--> statement-breakpoint
CREATE INDEX "cases_created_idx" ON "cases" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cases_name_idx" ON "cases" USING btree ("workspace_id","name","id");--> statement-breakpoint
CREATE INDEX "cases_status_idx" ON "cases" USING btree ("workspace_id","status","created_at","id","case_type","filing_type");--> statement-breakpoint
CREATE INDEX "cases_type_idx" ON "cases" USING btree ("workspace_id","case_type","created_at","id","status","filing_type");--> statement-breakpoint
CREATE INDEX "cases_filing_idx" ON "cases" USING btree ("workspace_id","filing_type","created_at","id","status","case_type");--> statement-breakpoint
CREATE INDEX "cases_account_idx" ON "cases" USING btree ("workspace_id","account_id");--> statement-breakpoint
CREATE INDEX "cases_lead_partner_idx" ON "cases" USING btree ("workspace_id","lead_partner_id");--> statement-breakpoint
CREATE INDEX "cases_department_idx" ON "cases" USING btree ("workspace_id","department_id");--> statement-breakpoint
CREATE INDEX "cases_expiry_idx" ON "cases" USING btree ("workspace_id","valid_until") WHERE "cases"."status" = 'pre-filing';--> statement-breakpoint
CREATE INDEX "cases_parent_idx" ON "cases" USING btree ("workspace_id","parent_case_id");
--> statement-breakpoint
-- hand-written below: firms that existed before cases get the case dictionaries and item attributes (new firms get them from the seed).
INSERT INTO "dictionary_types" ("workspace_id", "code", "name_zh", "name_en", "sort_order", "is_system") SELECT w."id", 'case-stage', '案件阶段', 'Case stages', 2, true FROM "workspaces" w WHERE NOT EXISTS (SELECT 1 FROM "dictionary_types" t WHERE t."workspace_id" = w."id" AND t."code" = 'case-stage');
--> statement-breakpoint
INSERT INTO "dictionary_items" ("workspace_id", "type_id", "code", "label_zh", "label_en", "sort_order") SELECT t."workspace_id", t."id", v.code, v.zh, v.en, v.ord FROM "dictionary_types" t CROSS JOIN (VALUES ('first-instance', '一审', 'First instance', 0), ('second-instance', '二审', 'Second instance (appeal)', 1), ('retrial', '再审', 'Retrial', 2), ('enforcement', '执行', 'Enforcement', 3), ('labor-arbitration', '劳动仲裁', 'Labor arbitration', 4), ('commercial-arbitration', '商事仲裁', 'Commercial arbitration', 5), ('non-litigation', '非诉', 'Non-litigation', 6), ('counsel', '法律顾问', 'Legal counsel', 7), ('criminal-investigation', '刑事侦查', 'Criminal investigation', 8), ('prosecution-review', '审查起诉', 'Prosecution review', 9), ('criminal-trial', '刑事审判', 'Criminal trial', 10)) AS v(code, zh, en, ord) WHERE t."code" = 'case-stage' AND NOT EXISTS (SELECT 1 FROM "dictionary_items" i WHERE i."workspace_id" = t."workspace_id" AND i."type_id" = t."id" AND i."code" = v.code);
--> statement-breakpoint
INSERT INTO "dictionary_types" ("workspace_id", "code", "name_zh", "name_en", "sort_order", "is_system") SELECT w."id", 'cause-of-action', '案由', 'Causes of action', 3, true FROM "workspaces" w WHERE NOT EXISTS (SELECT 1 FROM "dictionary_types" t WHERE t."workspace_id" = w."id" AND t."code" = 'cause-of-action');
--> statement-breakpoint
INSERT INTO "dictionary_items" ("workspace_id", "type_id", "code", "label_zh", "label_en", "sort_order") SELECT t."workspace_id", t."id", v.code, v.zh, v.en, v.ord FROM "dictionary_types" t CROSS JOIN (VALUES ('sale-contract', '买卖合同纠纷', 'Sale contract dispute', 0), ('loan-contract', '借款合同纠纷', 'Loan contract dispute', 1), ('private-lending', '民间借贷纠纷', 'Private lending dispute', 2), ('lease-contract', '租赁合同纠纷', 'Lease contract dispute', 3), ('construction-contract', '建设工程施工合同纠纷', 'Construction contract dispute', 4), ('labor-dispute', '劳动争议', 'Labor dispute', 5), ('divorce', '离婚纠纷', 'Divorce dispute', 6), ('inheritance', '继承纠纷', 'Inheritance dispute', 7), ('tort', '侵权责任纠纷', 'Tort liability dispute', 8), ('traffic-accident', '机动车交通事故责任纠纷', 'Traffic accident liability dispute', 9), ('ip-infringement', '知识产权侵权纠纷', 'IP infringement dispute', 10), ('equity-transfer', '股权转让纠纷', 'Equity transfer dispute', 11), ('corporate-dispute', '公司决议纠纷', 'Corporate resolution dispute', 12), ('administrative-penalty', '行政处罚', 'Administrative penalty', 13), ('fraud', '诈骗罪', 'Fraud (criminal)', 14), ('other', '其他', 'Other', 15)) AS v(code, zh, en, ord) WHERE t."code" = 'cause-of-action' AND NOT EXISTS (SELECT 1 FROM "dictionary_items" i WHERE i."workspace_id" = t."workspace_id" AND i."type_id" = t."id" AND i."code" = v.code);
--> statement-breakpoint
UPDATE "dictionary_items" i SET "attributes" = jsonb_build_object('numberChar', v.ch) FROM "dictionary_types" t, (VALUES ('civil-litigation', '民'), ('criminal-defense', '刑'), ('administrative-litigation', '行'), ('commercial-arbitration', '仲'), ('labor-arbitration', '劳'), ('non-litigation', '非'), ('retainer', '顾'), ('special-project', '专')) AS v(code, ch) WHERE t."workspace_id" = i."workspace_id" AND t."id" = i."type_id" AND t."code" = 'case-type' AND i."code" = v.code AND i."attributes" = '{}'::jsonb;
--> statement-breakpoint
UPDATE "dictionary_items" i SET "attributes" = '{"isPreFiling": true, "validityDays": 30}'::jsonb FROM "dictionary_types" t WHERE t."workspace_id" = i."workspace_id" AND t."id" = i."type_id" AND t."code" = 'filing-type' AND i."code" = 'pre-filing' AND i."attributes" = '{}'::jsonb;
