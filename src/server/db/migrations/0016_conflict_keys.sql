CREATE TABLE "conflict_keys" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"account_id" uuid,
	"employee_id" uuid,
	"case_id" uuid,
	"position" integer,
	"name" text NOT NULL,
	"identifiers" text[] DEFAULT '{}'::text[] NOT NULL,
	"norm" text DEFAULT '' NOT NULL,
	"core" text DEFAULT '' NOT NULL,
	"bare" text DEFAULT '' NOT NULL,
	"py" text DEFAULT '' NOT NULL,
	"initials" text DEFAULT '' NOT NULL,
	"grams" text[] DEFAULT '{}'::text[] NOT NULL,
	"py_grams" text[] DEFAULT '{}'::text[] NOT NULL,
	"stale" boolean DEFAULT false NOT NULL,
	CONSTRAINT "conflict_keys_workspace_id_id_pk" PRIMARY KEY("workspace_id","id"),
	CONSTRAINT "conflict_keys_source_ck" CHECK (("conflict_keys"."source" = 'client' and "conflict_keys"."account_id" is not null)
      or ("conflict_keys"."source" = 'employee' and "conflict_keys"."employee_id" is not null)
      or ("conflict_keys"."source" = 'party' and "conflict_keys"."case_id" is not null and "conflict_keys"."position" is not null))
);
--> statement-breakpoint
ALTER TABLE "conflict_keys" ADD CONSTRAINT "conflict_keys_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conflict_keys" ADD CONSTRAINT "conflict_keys_account_fk" FOREIGN KEY ("workspace_id","account_id") REFERENCES "public"."accounts"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conflict_keys" ADD CONSTRAINT "conflict_keys_employee_fk" FOREIGN KEY ("workspace_id","employee_id") REFERENCES "public"."account_employees"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conflict_keys" ADD CONSTRAINT "conflict_keys_party_fk" FOREIGN KEY ("workspace_id","case_id","position") REFERENCES "public"."case_parties"("workspace_id","case_id","position") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conflict_keys_client_uq" ON "conflict_keys" USING btree ("workspace_id","account_id") WHERE "conflict_keys"."account_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "conflict_keys_employee_uq" ON "conflict_keys" USING btree ("workspace_id","employee_id") WHERE "conflict_keys"."employee_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "conflict_keys_party_uq" ON "conflict_keys" USING btree ("workspace_id","case_id","position") WHERE "conflict_keys"."case_id" is not null;--> statement-breakpoint
CREATE INDEX "conflict_keys_norm_idx" ON "conflict_keys" USING btree ("workspace_id","norm");--> statement-breakpoint
CREATE INDEX "conflict_keys_core_idx" ON "conflict_keys" USING btree ("workspace_id","core");--> statement-breakpoint
CREATE INDEX "conflict_keys_bare_idx" ON "conflict_keys" USING btree ("workspace_id","bare");--> statement-breakpoint
CREATE INDEX "conflict_keys_py_idx" ON "conflict_keys" USING btree ("workspace_id","py");--> statement-breakpoint
CREATE INDEX "conflict_keys_initials_idx" ON "conflict_keys" USING btree ("workspace_id","initials");--> statement-breakpoint
CREATE INDEX "conflict_keys_identifiers_idx" ON "conflict_keys" USING gin ("identifiers");--> statement-breakpoint
CREATE INDEX "conflict_keys_grams_idx" ON "conflict_keys" USING gin ("grams");--> statement-breakpoint
CREATE INDEX "conflict_keys_py_grams_idx" ON "conflict_keys" USING gin ("py_grams");--> statement-breakpoint
CREATE INDEX "conflict_keys_stale_idx" ON "conflict_keys" USING btree ("workspace_id") WHERE "conflict_keys"."stale";--> statement-breakpoint
-- hand-written: backfill. The keys (pinyin, folding) are computed in TypeScript, so every client,
-- employee and party already stored gets a stale placeholder here, and the start-up step after the
-- migrations (migrate.ts → refreshStaleConflictKeys) computes them. Same statements as
-- markMissingConflictKeys in features/conflicts/sync-keys.ts (bench data uses that).
INSERT INTO conflict_keys (workspace_id, source, account_id, name, stale)
  SELECT a.workspace_id, 'client', a.id, a.name, true FROM accounts a
   WHERE NOT EXISTS (SELECT 1 FROM conflict_keys k WHERE k.workspace_id = a.workspace_id AND k.account_id = a.id);
--> statement-breakpoint
INSERT INTO conflict_keys (workspace_id, source, employee_id, name, stale)
  SELECT e.workspace_id, 'employee', e.id, e.name, true FROM account_employees e
   WHERE NOT EXISTS (SELECT 1 FROM conflict_keys k WHERE k.workspace_id = e.workspace_id AND k.employee_id = e.id);
--> statement-breakpoint
INSERT INTO conflict_keys (workspace_id, source, case_id, position, name, stale)
  SELECT p.workspace_id, 'party', p.case_id, p.position, p.name, true FROM case_parties p
   WHERE NOT EXISTS (SELECT 1 FROM conflict_keys k WHERE k.workspace_id = p.workspace_id AND k.case_id = p.case_id AND k.position = p.position);
