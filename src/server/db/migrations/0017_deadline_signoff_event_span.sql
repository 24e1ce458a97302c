ALTER TABLE "key_dates" ADD COLUMN "dated_by" uuid;--> statement-breakpoint
-- Until now only the creator set a date; the last re-dater is not known for older rows.
UPDATE "key_dates" SET "dated_by" = coalesce("created_by", "updated_by", "responsible_id");--> statement-breakpoint
ALTER TABLE "key_dates" ALTER COLUMN "dated_by" SET NOT NULL;--> statement-breakpoint
-- Events longer than 31 days (none can be made through the API from now on) end at 31 days.
UPDATE "calendar_events" SET "ends_at" = "starts_at" + interval '31 days' WHERE "ends_at" > "starts_at" + interval '31 days';--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_span_max_ck" CHECK ("calendar_events"."ends_at" <= "calendar_events"."starts_at" + interval '31 days');
--> statement-breakpoint
-- Key-date types behave by their item's "kind" attribute now, not by their code: the shipped
-- hearing and preservation items say so (a firm's edit of them is kept).
UPDATE "dictionary_items" di SET "attributes" = di."attributes" || jsonb_build_object('kind', di."code")
  FROM "dictionary_types" dt
 WHERE dt."workspace_id" = di."workspace_id" AND dt."id" = di."type_id" AND dt."code" = 'deadline-type'
   AND di."code" IN ('hearing', 'preservation') AND NOT (di."attributes" ? 'kind');
