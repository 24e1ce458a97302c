CREATE TABLE "workflow_action_log" (
	"workspace_id" uuid NOT NULL,
	"actor_id" uuid NOT NULL,
	"key" uuid NOT NULL,
	"payload_hash" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_action_log_workspace_id_actor_id_key_pk" PRIMARY KEY("workspace_id","actor_id","key")
);
--> statement-breakpoint
CREATE TABLE "workflow_cc" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"instance_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"node_id" text,
	"by_user_id" uuid,
	"is_read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"cc_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "workflow_cc_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflow_definition_versions" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"definition_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"flow" jsonb NOT NULL,
	"published_by" uuid,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "workflow_definition_versions_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflow_definitions" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"draft" jsonb NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"current_version_id" uuid,
	"current_version_no" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "workflow_definitions_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflow_events" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"instance_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"node_id" text,
	"task_id" uuid,
	"actor_id" uuid,
	"comment" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "workflow_events_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflow_instances" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"serial" bigint GENERATED ALWAYS AS IDENTITY (sequence name "workflow_instances_serial_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"definition_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"status" text NOT NULL,
	"initiator_id" uuid NOT NULL,
	"initiator_dept_id" uuid,
	"form" jsonb NOT NULL,
	"state" jsonb NOT NULL,
	"business_ref" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "workflow_instances_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflow_tasks" (
	"workspace_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"instance_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"node_id" text NOT NULL,
	"node_name" text DEFAULT '' NOT NULL,
	"activation" integer NOT NULL,
	"slot" integer NOT NULL,
	"assignee_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"parent_id" uuid,
	"group_id" uuid,
	"sign_type" text,
	"group_mode" text,
	"transferred_from" uuid,
	"auto" text,
	"reason" text,
	"pass" integer NOT NULL,
	"comment" text,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "workflow_tasks_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
ALTER TABLE "workflow_cc" ADD CONSTRAINT "workflow_cc_workspace_id_instance_id_workflow_instances_workspace_id_id_fk" FOREIGN KEY ("workspace_id","instance_id") REFERENCES "public"."workflow_instances"("workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_definition_versions" ADD CONSTRAINT "workflow_definition_versions_workspace_id_definition_id_workflow_definitions_workspace_id_id_fk" FOREIGN KEY ("workspace_id","definition_id") REFERENCES "public"."workflow_definitions"("workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_definitions" ADD CONSTRAINT "workflow_definitions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_events" ADD CONSTRAINT "workflow_events_workspace_id_instance_id_workflow_instances_workspace_id_id_fk" FOREIGN KEY ("workspace_id","instance_id") REFERENCES "public"."workflow_instances"("workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_instances" ADD CONSTRAINT "workflow_instances_workspace_id_version_id_workflow_definition_versions_workspace_id_id_fk" FOREIGN KEY ("workspace_id","version_id") REFERENCES "public"."workflow_definition_versions"("workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_tasks" ADD CONSTRAINT "workflow_tasks_workspace_id_instance_id_workflow_instances_workspace_id_id_fk" FOREIGN KEY ("workspace_id","instance_id") REFERENCES "public"."workflow_instances"("workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflow_action_log_created_idx" ON "workflow_action_log" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_cc_uq" ON "workflow_cc" USING btree ("workspace_id","instance_id","user_id");--> statement-breakpoint
CREATE INDEX "workflow_cc_user_idx" ON "workflow_cc" USING btree ("workspace_id","user_id","cc_at");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_definition_versions_no_uq" ON "workflow_definition_versions" USING btree ("workspace_id","definition_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_definitions_key_uq" ON "workflow_definitions" USING btree ("workspace_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_definitions_kind_uq" ON "workflow_definitions" USING btree ("workspace_id","kind") WHERE "workflow_definitions"."is_enabled" and "workflow_definitions"."kind" <> 'general';--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_events_seq_uq" ON "workflow_events" USING btree ("workspace_id","instance_id","seq");--> statement-breakpoint
CREATE INDEX "workflow_instances_submitted_idx" ON "workflow_instances" USING btree ("workspace_id","submitted_at");--> statement-breakpoint
CREATE INDEX "workflow_instances_initiator_idx" ON "workflow_instances" USING btree ("workspace_id","initiator_id","submitted_at");--> statement-breakpoint
CREATE INDEX "workflow_instances_business_idx" ON "workflow_instances" USING btree ("workspace_id","business_ref");--> statement-breakpoint
CREATE INDEX "workflow_tasks_instance_idx" ON "workflow_tasks" USING btree ("workspace_id","instance_id");--> statement-breakpoint
CREATE INDEX "workflow_tasks_pending_idx" ON "workflow_tasks" USING btree ("workspace_id","assignee_id","created_at") WHERE "workflow_tasks"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "workflow_tasks_handled_idx" ON "workflow_tasks" USING btree ("workspace_id","assignee_id","closed_at") WHERE "workflow_tasks"."auto" is null and "workflow_tasks"."status" in ('accepted','rejected','returned','transferred');