CREATE TABLE "conflict_reports" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid NOT NULL,
	"created_by_name" text NOT NULL,
	"keywords" jsonb NOT NULL,
	"scopes" jsonb NOT NULL,
	"hits" jsonb NOT NULL,
	"case_id" uuid,
	CONSTRAINT "conflict_reports_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
ALTER TABLE "conflict_reports" ADD CONSTRAINT "conflict_reports_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conflict_reports_created_idx" ON "conflict_reports" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "conflict_reports_case_idx" ON "conflict_reports" USING btree ("workspace_id","case_id");--> statement-breakpoint
-- hand-written: conflict reports are evidence; no update (except attaching a case once) and no delete.
CREATE FUNCTION conflict_reports_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.case_id IS NULL AND NEW.case_id IS NOT NULL
     AND (to_jsonb(NEW) - 'case_id') = (to_jsonb(OLD) - 'case_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'conflict reports are append-only' USING ERRCODE = 'P0001';
END $$;
--> statement-breakpoint
CREATE TRIGGER conflict_reports_append_only BEFORE UPDATE OR DELETE ON conflict_reports
  FOR EACH ROW EXECUTE FUNCTION conflict_reports_append_only();
