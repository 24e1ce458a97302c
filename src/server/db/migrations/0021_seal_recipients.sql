-- A seal request names several recipients, each with its copies. An existing request's one
-- recipient receives all the copies its files asked for.
ALTER TABLE "seal_requests" ADD COLUMN "recipients_list" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "seal_requests" SET "recipients_list" = jsonb_build_array(jsonb_build_object('name', "recipients", 'copies', GREATEST(1, COALESCE((SELECT sum((f ->> 'copies')::int) FROM jsonb_array_elements("files") f), 1))));--> statement-breakpoint
ALTER TABLE "seal_requests" DROP COLUMN "recipients";--> statement-breakpoint
ALTER TABLE "seal_requests" RENAME COLUMN "recipients_list" TO "recipients";
