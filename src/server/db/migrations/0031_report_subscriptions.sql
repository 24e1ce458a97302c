CREATE TABLE "outbox_attachments" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"body" "bytea" NOT NULL,
	CONSTRAINT "outbox_attachments_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "report_subscriptions" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"report_key" text NOT NULL,
	"scope" text NOT NULL,
	"department_id" uuid,
	"period" text NOT NULL,
	"cadence" text NOT NULL,
	"weekday" integer,
	"month_day" integer,
	"hour" integer NOT NULL,
	"language" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_sent_period" text,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "report_subscriptions_workspace_id_id_pk" PRIMARY KEY("workspace_id","id"),
	CONSTRAINT "report_subscriptions_scope_ck" CHECK ("report_subscriptions"."scope" in ('firm', 'department', 'me')),
	CONSTRAINT "report_subscriptions_department_ck" CHECK (("report_subscriptions"."scope" = 'department') = ("report_subscriptions"."department_id" is not null)),
	CONSTRAINT "report_subscriptions_period_ck" CHECK ("report_subscriptions"."period" in ('last', 'month', 'quarter', 'year')),
	CONSTRAINT "report_subscriptions_schedule_ck" CHECK (("report_subscriptions"."cadence" = 'weekly' and "report_subscriptions"."weekday" between 1 and 7 and "report_subscriptions"."month_day" is null)
        or ("report_subscriptions"."cadence" = 'monthly' and "report_subscriptions"."month_day" between 1 and 28 and "report_subscriptions"."weekday" is null)),
	CONSTRAINT "report_subscriptions_hour_ck" CHECK ("report_subscriptions"."hour" between 0 and 23),
	CONSTRAINT "report_subscriptions_language_ck" CHECK ("report_subscriptions"."language" in ('zh-CN', 'en'))
);
--> statement-breakpoint
ALTER TABLE "outbox_attachments" ADD CONSTRAINT "outbox_attachments_workspace_id_message_id_outbox_messages_workspace_id_id_fk" FOREIGN KEY ("workspace_id","message_id") REFERENCES "public"."outbox_messages"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_subscriptions" ADD CONSTRAINT "report_subscriptions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_subscriptions" ADD CONSTRAINT "report_subscriptions_workspace_id_user_id_members_workspace_id_user_id_fk" FOREIGN KEY ("workspace_id","user_id") REFERENCES "public"."members"("workspace_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_attachments_message_idx" ON "outbox_attachments" USING btree ("workspace_id","message_id");--> statement-breakpoint
CREATE INDEX "report_subscriptions_user_idx" ON "report_subscriptions" USING btree ("workspace_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "report_subscriptions_active_idx" ON "report_subscriptions" USING btree ("id") WHERE "report_subscriptions"."is_active";