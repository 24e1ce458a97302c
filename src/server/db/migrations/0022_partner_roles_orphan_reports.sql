ALTER TABLE "roles" ADD COLUMN "is_partner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The shipped partner and admin roles make their holders partners (the case form's supervising-partner picker).
UPDATE "roles" SET "is_partner" = true WHERE "code" IN ('partner', 'admin');--> statement-breakpoint
-- hand-written: a report saved from a new-case form that was then abandoned (no case) may be
-- discarded by its author. Only through that path: the discard names the report in a
-- transaction-local setting (conflicts/orphans.ts, after checking who and that no submission still
-- carries it), so any other delete is refused as before and everything else stays append-only.
CREATE OR REPLACE FUNCTION conflict_reports_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.case_id IS NULL AND NEW.case_id IS NOT NULL
     AND (to_jsonb(NEW) - 'case_id') = (to_jsonb(OLD) - 'case_id') THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' AND OLD.case_id IS NULL
     AND current_setting('law_manage.discard_report', true) = OLD.id::text THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'conflict reports are append-only' USING ERRCODE = 'P0001';
END $$;
