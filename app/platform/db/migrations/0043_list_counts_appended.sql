ALTER TABLE "list_counts" DROP CONSTRAINT "list_counts_list_group_id_status_pk";--> statement-breakpoint
CREATE INDEX "list_counts_key_idx" ON "list_counts" USING btree ("list","group_id","status");--> statement-breakpoint
-- Each statement's changes are added as rows of their own (decision 082), not summed into one row per key:
-- a summed row stays locked until its transaction ends, so every writer of a list waited on the longest
-- transaction writing it (a campaign's 1,000 outbox rows held back each form post's confirmation).
-- A key's count is the sum of its rows; fold_list_counts() sums them back into one now and then.
CREATE OR REPLACE FUNCTION "count_list_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	status_of text := CASE WHEN TG_ARGV[1] = '' THEN '''''' ELSE format('%I::text', TG_ARGV[1]) END;
	group_of text := CASE WHEN TG_ARGV[2] = '' THEN '0' ELSE format('%I', TG_ARGV[2]) END;
	changes text;
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		DELETE FROM "list_counts" WHERE "list" = TG_ARGV[0];
		RETURN NULL;
	END IF;
	changes := CASE TG_OP
		WHEN 'INSERT' THEN format('select %s, %s, 1 from new_rows', group_of, status_of)
		WHEN 'DELETE' THEN format('select %s, %s, -1 from old_rows', group_of, status_of)
		ELSE format('select %1$s, %2$s, 1 from new_rows union all select %1$s, %2$s, -1 from old_rows', group_of, status_of)
	END;
	EXECUTE format(
		'insert into "list_counts" ("list", "group_id", "status", "n")
		 select %L, g, s, sum(d) from (%s) as changed (g, s, d) group by g, s having sum(d) <> 0',
		TG_ARGV[0], changes);
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Sums the rows of keys that have more than one into one row each, at most `batch` rows a call, skipping
-- rows another fold holds. Writers only add rows, so none of them waits on this. Answers the rows folded.
CREATE FUNCTION "fold_list_counts"("batch" integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
	folded integer;
BEGIN
	WITH "taken" AS (
		DELETE FROM "list_counts" WHERE ctid = ANY (ARRAY(
			SELECT c.ctid FROM "list_counts" c
			WHERE ("list", "group_id", "status") IN (
				SELECT "list", "group_id", "status" FROM "list_counts" GROUP BY 1, 2, 3 HAVING count(*) > 1
			)
			LIMIT "batch" FOR UPDATE SKIP LOCKED
		))
		RETURNING "list", "group_id", "status", "n"
	), "summed" AS (
		INSERT INTO "list_counts" ("list", "group_id", "status", "n")
		SELECT "list", "group_id", "status", sum("n") FROM "taken" GROUP BY 1, 2, 3 HAVING sum("n") <> 0
	)
	SELECT count(*) INTO folded FROM "taken";
	RETURN folded;
END
$$;
