CREATE TABLE "esign_certificates" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"subject" text NOT NULL,
	"fingerprint" text NOT NULL,
	"cert_pem" text NOT NULL,
	"p12_encrypted" text NOT NULL,
	"passphrase_encrypted" text NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"active" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "esign_certificates_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "esign_events" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"action" text NOT NULL,
	"signer_id" uuid,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"at" timestamp with time zone NOT NULL,
	"doc_sha256" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "esign_events_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "esign_requests" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"source_file_id" uuid NOT NULL,
	"source_name" text NOT NULL,
	"source_sha256" text NOT NULL,
	"page_count" integer NOT NULL,
	"signing_order" text NOT NULL,
	"fields" jsonb NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"remind_every_days" integer DEFAULT 0 NOT NULL,
	"next_remind_at" timestamp with time zone,
	"link_base" text NOT NULL,
	"resent_from" uuid,
	"sealed_file_id" uuid,
	"sealed_sha256" text,
	"content_sha256" text,
	"cert_fingerprint" text,
	"completed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "esign_requests_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "esign_signers" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"party" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"mobile" text,
	"user_id" uuid,
	"seal_id" uuid,
	"token_hash" text,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_tries" integer DEFAULT 0 NOT NULL,
	"session_hash" text,
	"session_expires_at" timestamp with time zone,
	"status" text NOT NULL,
	"verified_by" text,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"ip" text,
	"user_agent" text,
	"marks" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "esign_signers_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"kind" text NOT NULL,
	"entity" text,
	"entity_id" uuid,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_messages_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
ALTER TABLE "esign_certificates" ADD CONSTRAINT "esign_certificates_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esign_requests" ADD CONSTRAINT "esign_requests_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esign_signers" ADD CONSTRAINT "esign_signers_workspace_id_request_id_esign_requests_workspace_id_id_fk" FOREIGN KEY ("workspace_id","request_id") REFERENCES "public"."esign_requests"("workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "esign_certificates_active_uq" ON "esign_certificates" USING btree ("workspace_id") WHERE "esign_certificates"."active" = 1;--> statement-breakpoint
CREATE INDEX "esign_certificates_fp_idx" ON "esign_certificates" USING btree ("fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "esign_events_seq_uq" ON "esign_events" USING btree ("workspace_id","request_id","seq");--> statement-breakpoint
CREATE INDEX "esign_requests_contract_idx" ON "esign_requests" USING btree ("workspace_id","contract_id","created_at");--> statement-breakpoint
CREATE INDEX "esign_requests_due_idx" ON "esign_requests" USING btree ("expires_at") WHERE "esign_requests"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "esign_requests_sealed_idx" ON "esign_requests" USING btree ("sealed_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "esign_signers_token_uq" ON "esign_signers" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "esign_signers_request_idx" ON "esign_signers" USING btree ("workspace_id","request_id","position");--> statement-breakpoint
CREATE INDEX "outbox_messages_created_idx" ON "outbox_messages" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
-- hand-written: the signing trail is evidence; rows are only ever added (the hash chain detects an edit made around this).
CREATE FUNCTION esign_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the signing trail is append-only' USING ERRCODE = 'P0001';
END $$;
--> statement-breakpoint
CREATE TRIGGER esign_events_append_only BEFORE UPDATE OR DELETE ON esign_events
  FOR EACH ROW EXECUTE FUNCTION esign_events_append_only();
