ALTER TABLE "deadline_rules" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "deadline_rules" ADD COLUMN "trigger_label_en" text;--> statement-breakpoint
ALTER TABLE "holiday_days" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "key_dates" ADD COLUMN "title_en" text;--> statement-breakpoint
UPDATE "deadline_rules" SET "name_en" = 'Appeal period against a judgment' WHERE "code" = 'appeal-judgment' AND "name" = '对判决的上诉期';
--> statement-breakpoint
UPDATE "deadline_rules" SET "trigger_label_en" = 'Judgment served' WHERE "code" = 'appeal-judgment' AND "trigger_label" = '判决书送达';
--> statement-breakpoint
UPDATE "deadline_rules" SET "name_en" = 'Appeal period against a ruling' WHERE "code" = 'appeal-ruling' AND "name" = '对裁定的上诉期';
--> statement-breakpoint
UPDATE "deadline_rules" SET "trigger_label_en" = 'Ruling served' WHERE "code" = 'appeal-ruling' AND "trigger_label" = '裁定书送达';
--> statement-breakpoint
UPDATE "deadline_rules" SET "name_en" = 'Appeal period (party without domicile in China)' WHERE "code" = 'appeal-abroad' AND "name" = '上诉期（在中国境内没有住所的当事人）';
--> statement-breakpoint
UPDATE "deadline_rules" SET "trigger_label_en" = 'Judgment or ruling served' WHERE "code" = 'appeal-abroad' AND "trigger_label" = '判决书、裁定书送达';
--> statement-breakpoint
UPDATE "deadline_rules" SET "name_en" = 'Defence period' WHERE "code" = 'defence' AND "name" = '答辩期';
--> statement-breakpoint
UPDATE "deadline_rules" SET "trigger_label_en" = 'Copy of the complaint received' WHERE "code" = 'defence' AND "trigger_label" = '起诉状副本收到';
--> statement-breakpoint
UPDATE "deadline_rules" SET "name_en" = 'Defence period (defendant without domicile in China)' WHERE "code" = 'defence-abroad' AND "name" = '答辩期（在中国境内没有住所的被告）';
--> statement-breakpoint
UPDATE "deadline_rules" SET "trigger_label_en" = 'Copy of the complaint received' WHERE "code" = 'defence-abroad' AND "trigger_label" = '起诉状副本收到';
--> statement-breakpoint
UPDATE "deadline_rules" SET "name_en" = 'Evidence deadline (first instance, ordinary procedure)' WHERE "code" = 'evidence' AND "name" = '举证期限（一审普通程序）';
--> statement-breakpoint
UPDATE "deadline_rules" SET "trigger_label_en" = 'Notice to produce evidence served' WHERE "code" = 'evidence' AND "trigger_label" = '举证通知书送达';
--> statement-breakpoint
UPDATE "deadline_rules" SET "name_en" = 'Enforcement application period' WHERE "code" = 'enforcement-application' AND "name" = '申请执行期限';
--> statement-breakpoint
UPDATE "deadline_rules" SET "trigger_label_en" = 'Performance period ended' WHERE "code" = 'enforcement-application' AND "trigger_label" = '履行期间届满';
--> statement-breakpoint
UPDATE "deadline_rules" SET "name_en" = 'General limitation period' WHERE "code" = 'limitation-general' AND "name" = '普通诉讼时效';
--> statement-breakpoint
UPDATE "deadline_rules" SET "trigger_label_en" = 'Knew or should have known of the injury' WHERE "code" = 'limitation-general' AND "trigger_label" = '知道或应当知道权利受损';
--> statement-breakpoint
UPDATE "deadline_rules" SET "name_en" = 'Labour arbitration limitation period' WHERE "code" = 'limitation-labor' AND "name" = '劳动争议仲裁时效';
--> statement-breakpoint
UPDATE "deadline_rules" SET "trigger_label_en" = 'Knew or should have known of the infringement' WHERE "code" = 'limitation-labor' AND "trigger_label" = '知道或应当知道权利被侵害';
--> statement-breakpoint
UPDATE "deadline_rules" SET "name_en" = 'Freeze of bank deposits' WHERE "code" = 'preservation-deposit' AND "name" = '冻结银行存款期限';
--> statement-breakpoint
UPDATE "deadline_rules" SET "trigger_label_en" = 'Deposit frozen' WHERE "code" = 'preservation-deposit' AND "trigger_label" = '存款冻结';
--> statement-breakpoint
UPDATE "deadline_rules" SET "name_en" = 'Seizure of movables' WHERE "code" = 'preservation-movable' AND "name" = '查封、扣押动产期限';
--> statement-breakpoint
UPDATE "deadline_rules" SET "trigger_label_en" = 'Movables seized' WHERE "code" = 'preservation-movable' AND "trigger_label" = '动产查封、扣押';
--> statement-breakpoint
UPDATE "deadline_rules" SET "name_en" = 'Seizure of real estate' WHERE "code" = 'preservation-real-estate' AND "name" = '查封不动产期限';
--> statement-breakpoint
UPDATE "deadline_rules" SET "trigger_label_en" = 'Real estate seized' WHERE "code" = 'preservation-real-estate' AND "trigger_label" = '不动产查封';
--> statement-breakpoint
UPDATE "deadline_rules" SET "name_en" = 'Retrial application period' WHERE "code" = 'retrial' AND "name" = '申请再审期限';
--> statement-breakpoint
UPDATE "deadline_rules" SET "trigger_label_en" = 'Judgment or ruling took legal effect' WHERE "code" = 'retrial' AND "trigger_label" = '判决、裁定发生法律效力';
--> statement-breakpoint
UPDATE "holiday_days" SET "name_en" = 'New Year''s Day' WHERE "name" = '元旦';
--> statement-breakpoint
UPDATE "holiday_days" SET "name_en" = 'Spring Festival' WHERE "name" = '春节';
--> statement-breakpoint
UPDATE "holiday_days" SET "name_en" = 'Qingming Festival' WHERE "name" = '清明节';
--> statement-breakpoint
UPDATE "holiday_days" SET "name_en" = 'Labour Day' WHERE "name" = '劳动节';
--> statement-breakpoint
UPDATE "holiday_days" SET "name_en" = 'Dragon Boat Festival' WHERE "name" = '端午节';
--> statement-breakpoint
UPDATE "holiday_days" SET "name_en" = 'National Day and Mid-Autumn Festival' WHERE "name" = '国庆节、中秋节';
--> statement-breakpoint
UPDATE "holiday_days" SET "name_en" = 'Mid-Autumn Festival' WHERE "name" = '中秋节';
--> statement-breakpoint
UPDATE "holiday_days" SET "name_en" = 'National Day' WHERE "name" = '国庆节';
--> statement-breakpoint
UPDATE "holiday_days" SET "name_en" = 'Working day (Spring Festival make-up)' WHERE "name" = '春节调休上班';
--> statement-breakpoint
UPDATE "holiday_days" SET "name_en" = 'Working day (Labour Day make-up)' WHERE "name" = '劳动节调休上班';
--> statement-breakpoint
UPDATE "holiday_days" SET "name_en" = 'Working day (National Day make-up)' WHERE "name" = '国庆节调休上班';
--> statement-breakpoint
UPDATE "holiday_days" SET "name_en" = 'Working day (New Year make-up)' WHERE "name" = '元旦调休上班';
--> statement-breakpoint
UPDATE "key_dates" SET "title_en" = r."name_en" FROM "deadline_rules" r WHERE "key_dates"."source" = 'computed' AND r."workspace_id" = "key_dates"."workspace_id" AND r."code" = "key_dates"."rule_code" AND r."name" = "key_dates"."title" AND r."name_en" IS NOT NULL;
--> statement-breakpoint
UPDATE "key_dates" SET "title_en" = i."label_en" FROM "dictionary_items" i JOIN "dictionary_types" t ON t."workspace_id" = i."workspace_id" AND t."id" = i."type_id" AND t."code" = 'deadline-type' WHERE "key_dates"."title_en" IS NULL AND i."workspace_id" = "key_dates"."workspace_id" AND i."code" = "key_dates"."deadline_type" AND i."label_zh" = "key_dates"."title" AND i."label_en" <> '';
