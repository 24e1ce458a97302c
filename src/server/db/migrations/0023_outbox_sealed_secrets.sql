-- An e-mail or SMS holding a signing link or one-time code keeps that text only encrypted
-- ("sealed"), until it is delivered; subject and body hold what the firm may read. Messages
-- stored before this held the secret in the clear: it is blanked out of them (links are replaced
-- by every reminder and codes live 10 minutes; the sender can re-send a request).
ALTER TABLE "outbox_messages" ADD COLUMN "sealed" text;--> statement-breakpoint
UPDATE "outbox_messages" SET "body" = regexp_replace("body", '/manage/esign/[A-Za-z0-9_-]+', '/manage/esign/…', 'g') WHERE "kind" IN ('esign.link', 'esign.reminder');--> statement-breakpoint
UPDATE "outbox_messages" SET "subject" = regexp_replace("subject", '[0-9]{6}', '••••••', 'g'), "body" = regexp_replace("body", '[0-9]{6}', '••••••', 'g') WHERE "kind" = 'esign.code';
