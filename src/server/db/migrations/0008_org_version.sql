ALTER TABLE "workspaces" ADD COLUMN "org_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_org_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "workspaces" SET "org_version" = "org_version" + 1 WHERE "id" = OLD."workspace_id";
  ELSE
    UPDATE "workspaces" SET "org_version" = "org_version" + 1 WHERE "id" = NEW."workspace_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_org_version_of_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "workspaces" SET "org_version" = "org_version" + 1
   WHERE "id" IN (SELECT "workspace_id" FROM "members" WHERE "user_id" = NEW."id");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "members_org_version" AFTER INSERT OR UPDATE OR DELETE ON "members" FOR EACH ROW EXECUTE FUNCTION "bump_org_version"();
--> statement-breakpoint
CREATE TRIGGER "departments_org_version" AFTER INSERT OR UPDATE OR DELETE ON "departments" FOR EACH ROW EXECUTE FUNCTION "bump_org_version"();
--> statement-breakpoint
CREATE TRIGGER "roles_org_version" AFTER INSERT OR UPDATE OR DELETE ON "roles" FOR EACH ROW EXECUTE FUNCTION "bump_org_version"();
--> statement-breakpoint
CREATE TRIGGER "member_roles_org_version" AFTER INSERT OR UPDATE OR DELETE ON "member_roles" FOR EACH ROW EXECUTE FUNCTION "bump_org_version"();
--> statement-breakpoint
CREATE TRIGGER "member_departments_org_version" AFTER INSERT OR UPDATE OR DELETE ON "member_departments" FOR EACH ROW EXECUTE FUNCTION "bump_org_version"();
--> statement-breakpoint
CREATE TRIGGER "users_org_version" AFTER UPDATE OF "name", "is_enabled" ON "users" FOR EACH ROW EXECUTE FUNCTION "bump_org_version_of_user"();
