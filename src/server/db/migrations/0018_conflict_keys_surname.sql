-- A person's name now also carries its surname's own reading (单 shan, 曾 zeng: keys.ts
-- surnameReading). Rows keyed before lack that key; marking them stale makes the start-up step
-- (refreshStaleConflictKeys) re-key them. Only names that can be a person's (two to four
-- characters without spaces) and clients whose equity edges name outsiders are re-keyed, not
-- every company.
UPDATE "conflict_keys" SET "stale" = true
 WHERE NOT "stale"
   AND (char_length(regexp_replace("name", '\s', '', 'g')) BETWEEN 2 AND 4
        OR "identifiers" @> ARRAY['~e']::text[]);
