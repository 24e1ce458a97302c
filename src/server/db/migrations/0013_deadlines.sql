CREATE TABLE "calendar_events" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"case_id" uuid,
	"title" text NOT NULL,
	"kind" text DEFAULT 'meeting' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"owner_id" uuid NOT NULL,
	"location" text,
	CONSTRAINT "calendar_events_workspace_id_id_pk" PRIMARY KEY("workspace_id","id"),
	CONSTRAINT "calendar_events_span_ck" CHECK ("calendar_events"."ends_at" >= "calendar_events"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "deadline_rules" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"deadline_type" text NOT NULL,
	"amount" integer NOT NULL,
	"unit" text NOT NULL,
	"trigger_label" text NOT NULL,
	"basis" text,
	CONSTRAINT "deadline_rules_workspace_id_id_pk" PRIMARY KEY("workspace_id","id"),
	CONSTRAINT "deadline_rules_amount_ck" CHECK ("deadline_rules"."amount" > 0 and "deadline_rules"."amount" <= 3650)
);
--> statement-breakpoint
CREATE TABLE "holiday_days" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "holiday_days_workspace_id_id_pk" PRIMARY KEY("workspace_id","id"),
	CONSTRAINT "holiday_days_kind_ck" CHECK ("holiday_days"."kind" in ('holiday', 'workday'))
);
--> statement-breakpoint
CREATE TABLE "key_date_reminders" (
	"workspace_id" uuid NOT NULL,
	"key_date_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"offset_days" integer NOT NULL,
	"send_on" date NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "key_date_reminders_workspace_id_key_date_id_kind_offset_days_pk" PRIMARY KEY("workspace_id","key_date_id","kind","offset_days")
);
--> statement-breakpoint
CREATE TABLE "key_dates" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"case_id" uuid NOT NULL,
	"deadline_type" text NOT NULL,
	"title" text NOT NULL,
	"due_date" date NOT NULL,
	"starts_at" timestamp with time zone,
	"court" text,
	"courtroom" text,
	"judge" text,
	"subject" text,
	"source" text NOT NULL,
	"rule_code" text,
	"trigger_date" date,
	"shifted_from" date,
	"missing_years" integer[] DEFAULT '{}'::int[] NOT NULL,
	"responsible_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"void_reason" text,
	"confirmed_by" uuid,
	"confirmed_at" timestamp with time zone,
	"reminder_offsets" integer[] NOT NULL,
	"note" text,
	CONSTRAINT "key_dates_workspace_id_id_pk" PRIMARY KEY("workspace_id","id"),
	CONSTRAINT "key_dates_status_ck" CHECK ("key_dates"."status" in ('open', 'done', 'void'))
);
--> statement-breakpoint
CREATE TABLE "task_templates" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"case_type" text NOT NULL,
	"stage" text NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "task_templates_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"case_id" uuid,
	"title" text NOT NULL,
	"assignee_id" uuid NOT NULL,
	"due_date" date,
	"priority" text DEFAULT 'normal' NOT NULL,
	"status" text DEFAULT 'todo' NOT NULL,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"comments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"template_id" uuid,
	CONSTRAINT "tasks_workspace_id_id_pk" PRIMARY KEY("workspace_id","id"),
	CONSTRAINT "tasks_status_ck" CHECK ("tasks"."status" in ('todo', 'doing', 'done')),
	CONSTRAINT "tasks_priority_ck" CHECK ("tasks"."priority" in ('low', 'normal', 'high'))
);
--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_workspace_id_case_id_cases_workspace_id_id_fk" FOREIGN KEY ("workspace_id","case_id") REFERENCES "public"."cases"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_rules" ADD CONSTRAINT "deadline_rules_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holiday_days" ADD CONSTRAINT "holiday_days_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_date_reminders" ADD CONSTRAINT "key_date_reminders_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_date_reminders" ADD CONSTRAINT "key_date_reminders_workspace_id_key_date_id_key_dates_workspace_id_id_fk" FOREIGN KEY ("workspace_id","key_date_id") REFERENCES "public"."key_dates"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_dates" ADD CONSTRAINT "key_dates_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_dates" ADD CONSTRAINT "key_dates_workspace_id_case_id_cases_workspace_id_id_fk" FOREIGN KEY ("workspace_id","case_id") REFERENCES "public"."cases"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_templates" ADD CONSTRAINT "task_templates_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_workspace_id_case_id_cases_workspace_id_id_fk" FOREIGN KEY ("workspace_id","case_id") REFERENCES "public"."cases"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_events_owner_idx" ON "calendar_events" USING btree ("workspace_id","owner_id","starts_at");--> statement-breakpoint
CREATE INDEX "calendar_events_starts_idx" ON "calendar_events" USING btree ("workspace_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_uq" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "deadline_rules_code_uq" ON "deadline_rules" USING btree ("workspace_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "holiday_days_day_uq" ON "holiday_days" USING btree ("workspace_id","day");--> statement-breakpoint
CREATE INDEX "key_date_reminders_due_idx" ON "key_date_reminders" USING btree ("send_on") WHERE "key_date_reminders"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "key_dates_case_idx" ON "key_dates" USING btree ("workspace_id","case_id","due_date");--> statement-breakpoint
CREATE INDEX "key_dates_due_idx" ON "key_dates" USING btree ("workspace_id","due_date","id");--> statement-breakpoint
CREATE INDEX "key_dates_responsible_idx" ON "key_dates" USING btree ("workspace_id","responsible_id","due_date");--> statement-breakpoint
CREATE INDEX "task_templates_type_idx" ON "task_templates" USING btree ("workspace_id","case_type","stage");--> statement-breakpoint
CREATE INDEX "tasks_assignee_idx" ON "tasks" USING btree ("workspace_id","assignee_id","status","due_date");--> statement-breakpoint
CREATE INDEX "tasks_case_idx" ON "tasks" USING btree ("workspace_id","case_id");--> statement-breakpoint
CREATE INDEX "tasks_due_idx" ON "tasks" USING btree ("workspace_id","due_date");--> statement-breakpoint
-- hand-written: firms that existed before this migration get the deadline-type dictionary, China's 2025/2026 holiday calendar and the default deadline rules (new firms get them from the seed).
insert into dictionary_types (workspace_id, code, name_zh, name_en, sort_order, is_system)
select w.id, 'deadline-type', '关键日期类型', 'Key date types', 10, true from workspaces w
on conflict (workspace_id, code) do nothing;
--> statement-breakpoint
insert into dictionary_items (workspace_id, type_id, code, label_zh, label_en, sort_order, attributes)
select t.workspace_id, t.id, v.code, v.zh, v.en, v.ord, v.attrs::jsonb
  from dictionary_types t
  cross join (values
    ('hearing', '开庭', 'Hearing', 0, '{"reminderOffsets":[7,3,1,0],"color":"red"}'),
    ('evidence', '举证期限', 'Evidence deadline', 1, '{"reminderOffsets":[7,3,1,0],"color":"orange"}'),
    ('defence', '答辩期', 'Defence period', 2, '{"reminderOffsets":[7,3,1,0],"color":"gold"}'),
    ('appeal', '上诉期', 'Appeal period', 3, '{"reminderOffsets":[7,3,1,0],"color":"volcano"}'),
    ('limitation', '诉讼时效', 'Limitation', 4, '{"reminderOffsets":[30,7,1,0],"color":"purple"}'),
    ('preservation', '保全到期', 'Preservation expiry', 5, '{"reminderOffsets":[30,7,1,0],"color":"magenta"}'),
    ('enforcement', '申请执行期限', 'Enforcement application period', 6, '{"reminderOffsets":[30,7,1,0],"color":"cyan"}'),
    ('retrial', '再审申请期限', 'Retrial application period', 7, '{"reminderOffsets":[30,7,1,0],"color":"blue"}')
  ) as v(code, zh, en, ord, attrs)
 where t.code = 'deadline-type'
on conflict (workspace_id, type_id, code) do nothing;
--> statement-breakpoint
insert into holiday_days (workspace_id, day, kind, name)
select w.id, v.day::date, v.kind, v.name from workspaces w
  cross join (values
    ('2025-01-01', 'holiday', '元旦'),
    ('2025-01-28', 'holiday', '春节'),
    ('2025-01-29', 'holiday', '春节'),
    ('2025-01-30', 'holiday', '春节'),
    ('2025-01-31', 'holiday', '春节'),
    ('2025-02-01', 'holiday', '春节'),
    ('2025-02-02', 'holiday', '春节'),
    ('2025-02-03', 'holiday', '春节'),
    ('2025-02-04', 'holiday', '春节'),
    ('2025-04-04', 'holiday', '清明节'),
    ('2025-04-05', 'holiday', '清明节'),
    ('2025-04-06', 'holiday', '清明节'),
    ('2025-05-01', 'holiday', '劳动节'),
    ('2025-05-02', 'holiday', '劳动节'),
    ('2025-05-03', 'holiday', '劳动节'),
    ('2025-05-04', 'holiday', '劳动节'),
    ('2025-05-05', 'holiday', '劳动节'),
    ('2025-05-31', 'holiday', '端午节'),
    ('2025-06-01', 'holiday', '端午节'),
    ('2025-06-02', 'holiday', '端午节'),
    ('2025-10-01', 'holiday', '国庆节、中秋节'),
    ('2025-10-02', 'holiday', '国庆节、中秋节'),
    ('2025-10-03', 'holiday', '国庆节、中秋节'),
    ('2025-10-04', 'holiday', '国庆节、中秋节'),
    ('2025-10-05', 'holiday', '国庆节、中秋节'),
    ('2025-10-06', 'holiday', '国庆节、中秋节'),
    ('2025-10-07', 'holiday', '国庆节、中秋节'),
    ('2025-10-08', 'holiday', '国庆节、中秋节'),
    ('2026-01-01', 'holiday', '元旦'),
    ('2026-01-02', 'holiday', '元旦'),
    ('2026-01-03', 'holiday', '元旦'),
    ('2026-02-15', 'holiday', '春节'),
    ('2026-02-16', 'holiday', '春节'),
    ('2026-02-17', 'holiday', '春节'),
    ('2026-02-18', 'holiday', '春节'),
    ('2026-02-19', 'holiday', '春节'),
    ('2026-02-20', 'holiday', '春节'),
    ('2026-02-21', 'holiday', '春节'),
    ('2026-02-22', 'holiday', '春节'),
    ('2026-02-23', 'holiday', '春节'),
    ('2026-04-04', 'holiday', '清明节'),
    ('2026-04-05', 'holiday', '清明节'),
    ('2026-04-06', 'holiday', '清明节'),
    ('2026-05-01', 'holiday', '劳动节'),
    ('2026-05-02', 'holiday', '劳动节'),
    ('2026-05-03', 'holiday', '劳动节'),
    ('2026-05-04', 'holiday', '劳动节'),
    ('2026-05-05', 'holiday', '劳动节'),
    ('2026-06-19', 'holiday', '端午节'),
    ('2026-06-20', 'holiday', '端午节'),
    ('2026-06-21', 'holiday', '端午节'),
    ('2026-09-25', 'holiday', '中秋节'),
    ('2026-09-26', 'holiday', '中秋节'),
    ('2026-09-27', 'holiday', '中秋节'),
    ('2026-10-01', 'holiday', '国庆节'),
    ('2026-10-02', 'holiday', '国庆节'),
    ('2026-10-03', 'holiday', '国庆节'),
    ('2026-10-04', 'holiday', '国庆节'),
    ('2026-10-05', 'holiday', '国庆节'),
    ('2026-10-06', 'holiday', '国庆节'),
    ('2026-10-07', 'holiday', '国庆节'),
    ('2025-01-26', 'workday', '春节调休上班'),
    ('2025-02-08', 'workday', '春节调休上班'),
    ('2025-04-27', 'workday', '劳动节调休上班'),
    ('2025-09-28', 'workday', '国庆节调休上班'),
    ('2025-10-11', 'workday', '国庆节调休上班'),
    ('2026-01-04', 'workday', '元旦调休上班'),
    ('2026-02-14', 'workday', '春节调休上班'),
    ('2026-02-28', 'workday', '春节调休上班'),
    ('2026-05-09', 'workday', '劳动节调休上班'),
    ('2026-09-20', 'workday', '国庆节调休上班'),
    ('2026-10-10', 'workday', '国庆节调休上班')
  ) as v(day, kind, name)
on conflict (workspace_id, day) do nothing;
--> statement-breakpoint
insert into deadline_rules (workspace_id, code, name, deadline_type, amount, unit, trigger_label, basis)
select w.id, v.code, v.name, v.deadline_type, v.amount, v.unit, v.trigger_label, v.basis from workspaces w
  cross join (values
    ('appeal-judgment', '对判决的上诉期', 'appeal', 15, 'day', '判决书送达', '《民事诉讼法》第171条'),
    ('appeal-ruling', '对裁定的上诉期', 'appeal', 10, 'day', '裁定书送达', '《民事诉讼法》第171条'),
    ('appeal-abroad', '上诉期（在中国境内没有住所的当事人）', 'appeal', 30, 'day', '判决书、裁定书送达', '《民事诉讼法》第286条'),
    ('defence', '答辩期', 'defence', 15, 'day', '起诉状副本收到', '《民事诉讼法》第128条'),
    ('defence-abroad', '答辩期（在中国境内没有住所的被告）', 'defence', 30, 'day', '起诉状副本收到', '《民事诉讼法》第285条'),
    ('evidence', '举证期限（一审普通程序）', 'evidence', 15, 'day', '举证通知书送达', '《民事诉讼法解释》第99条'),
    ('enforcement-application', '申请执行期限', 'enforcement', 2, 'year', '履行期间届满', '《民事诉讼法》第250条'),
    ('limitation-general', '普通诉讼时效', 'limitation', 3, 'year', '知道或应当知道权利受损', '《民法典》第188条'),
    ('limitation-labor', '劳动争议仲裁时效', 'limitation', 1, 'year', '知道或应当知道权利被侵害', '《劳动争议调解仲裁法》第27条'),
    ('preservation-deposit', '冻结银行存款期限', 'preservation', 1, 'year', '存款冻结', '《民事诉讼法解释》第485条'),
    ('preservation-movable', '查封、扣押动产期限', 'preservation', 2, 'year', '动产查封、扣押', '《民事诉讼法解释》第485条'),
    ('preservation-real-estate', '查封不动产期限', 'preservation', 3, 'year', '不动产查封', '《民事诉讼法解释》第485条'),
    ('retrial', '申请再审期限', 'retrial', 6, 'month', '判决、裁定发生法律效力', '《民事诉讼法》第216条')
  ) as v(code, name, deadline_type, amount, unit, trigger_label, basis)
on conflict (workspace_id, code) do nothing;
