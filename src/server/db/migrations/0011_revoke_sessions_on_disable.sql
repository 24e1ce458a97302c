-- hand-written below
-- Disabling an account (users.is_enabled) or a membership (members.is_enabled) revokes the
-- affected sign-ins in the same transaction, whatever wrote the flag (the members page, the user
-- center, SQL by hand): re-enabling later cannot revive them. The NOTIFY (delivered on commit)
-- drops the cached sessions on every app process at once (lib/bus.ts, origin "db").
CREATE OR REPLACE FUNCTION "revoke_sessions_of_disabled"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  uid uuid;
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    uid := NEW."id";
    UPDATE "sessions" SET "revoked_at" = now() WHERE "user_id" = uid AND "revoked_at" IS NULL;
  ELSE
    uid := NEW."user_id";
    UPDATE "sessions" SET "revoked_at" = now()
     WHERE "user_id" = uid AND "workspace_id" = NEW."workspace_id" AND "revoked_at" IS NULL;
  END IF;
  PERFORM pg_notify('auth_changed', json_build_object('origin', 'db', 'message', json_build_object('userId', uid))::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_disable_revokes_sessions" AFTER UPDATE OF "is_enabled" ON "users" FOR EACH ROW
  WHEN (OLD."is_enabled" AND NOT NEW."is_enabled") EXECUTE FUNCTION "revoke_sessions_of_disabled"();
--> statement-breakpoint
CREATE TRIGGER "members_disable_revokes_sessions" AFTER UPDATE OF "is_enabled" ON "members" FOR EACH ROW
  WHEN (OLD."is_enabled" AND NOT NEW."is_enabled") EXECUTE FUNCTION "revoke_sessions_of_disabled"();
