ALTER TABLE "workflow_instances" ADD COLUMN "title_i18n" jsonb;--> statement-breakpoint
-- Existing business approvals: the title's parts recovered from the text it was frozen in (either
-- language's pattern); a title that matches none keeps showing its stored text.
UPDATE "workflow_instances" SET "title_i18n" = jsonb_build_object('key', 'cases.approval.openTitle', 'params', jsonb_build_object('name', m[1]))
FROM (SELECT "workspace_id" AS w, "id" AS i, coalesce(regexp_match("title", '^立案审批：(.+)$'), regexp_match("title", '^New case: (.+)$')) AS m FROM "workflow_instances" WHERE "kind" = 'case') s
WHERE "workspace_id" = s.w AND "id" = s.i AND s.m IS NOT NULL AND "title_i18n" IS NULL;
--> statement-breakpoint
UPDATE "workflow_instances" SET "title_i18n" = jsonb_build_object('key', 'cases.approval.changeTitle', 'params', jsonb_build_object('caseNo', m[1], 'name', m[2]))
FROM (SELECT "workspace_id" AS w, "id" AS i, coalesce(regexp_match("title", '^案件变更审批：(\S+) (.+)$'), regexp_match("title", '^Case change: (\S+) (.+)$')) AS m FROM "workflow_instances" WHERE "kind" = 'case-change') s
WHERE "workspace_id" = s.w AND "id" = s.i AND s.m IS NOT NULL AND "title_i18n" IS NULL;
--> statement-breakpoint
UPDATE "workflow_instances" SET "title_i18n" = jsonb_build_object('key', 'contracts.approval.openTitle', 'params', jsonb_build_object('name', m[1]))
FROM (SELECT "workspace_id" AS w, "id" AS i, coalesce(regexp_match("title", '^合同审批：(.+)$'), regexp_match("title", '^Contract approval: (.+)$')) AS m FROM "workflow_instances" WHERE "kind" = 'contract') s
WHERE "workspace_id" = s.w AND "id" = s.i AND s.m IS NOT NULL AND "title_i18n" IS NULL;
--> statement-breakpoint
UPDATE "workflow_instances" SET "title_i18n" = jsonb_build_object('key', 'contracts.approval.archiveTitle', 'params', jsonb_build_object('name', m[1], 'no', m[2]))
FROM (SELECT "workspace_id" AS w, "id" AS i, coalesce(regexp_match("title", '^合同归档：(.+)（([^（）]+)）$'), regexp_match("title", '^Contract archiving: (.+) \(([^()]+)\)$')) AS m FROM "workflow_instances" WHERE "kind" = 'contract-archive') s
WHERE "workspace_id" = s.w AND "id" = s.i AND s.m IS NOT NULL AND "title_i18n" IS NULL;
--> statement-breakpoint
UPDATE "workflow_instances" SET "title_i18n" = jsonb_build_object('key', 'contracts.approval.voidTitle', 'params', jsonb_build_object('name', m[1], 'no', m[2]))
FROM (SELECT "workspace_id" AS w, "id" AS i, coalesce(regexp_match("title", '^合同作废：(.+)（([^（）]+)）$'), regexp_match("title", '^Contract voiding: (.+) \(([^()]+)\)$')) AS m FROM "workflow_instances" WHERE "kind" = 'contract-cancel') s
WHERE "workspace_id" = s.w AND "id" = s.i AND s.m IS NOT NULL AND "title_i18n" IS NULL;
--> statement-breakpoint
UPDATE "workflow_instances" SET "title_i18n" = jsonb_build_object('key', 'seals.approval.title', 'params', jsonb_build_object('no', m[1], 'seal', m[2]))
FROM (SELECT "workspace_id" AS w, "id" AS i, coalesce(regexp_match("title", '^用印申请 (\S+)：(.+)$'), regexp_match("title", '^Seal request (\S+): (.+)$')) AS m FROM "workflow_instances" WHERE "kind" = 'seal') s
WHERE "workspace_id" = s.w AND "id" = s.i AND s.m IS NOT NULL AND "title_i18n" IS NULL;
--> statement-breakpoint
UPDATE "workflow_instances" SET "title_i18n" = jsonb_build_object('key', 'accounts.approval.title', 'params', jsonb_build_object('name', m[1]))
FROM (SELECT "workspace_id" AS w, "id" AS i, coalesce(regexp_match("title", '^客户信息变更：(.+)$'), regexp_match("title", '^Client information change: (.+)$')) AS m FROM "workflow_instances" WHERE "kind" = 'general' AND "business_ref" LIKE 'accounts:%') s
WHERE "workspace_id" = s.w AND "id" = s.i AND s.m IS NOT NULL AND "title_i18n" IS NULL;
