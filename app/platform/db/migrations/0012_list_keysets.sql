-- For the trigram indexes over the staff lists' searched columns (built after the migrations: list-indexes.server.ts).
CREATE EXTENSION IF NOT EXISTS "pg_trgm";
--> statement-breakpoint
CREATE TABLE "list_counts" (
	"list" text NOT NULL,
	"group_id" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "list_counts_list_group_id_status_pk" PRIMARY KEY("list","group_id","status")
);
--> statement-breakpoint
-- Keeps list_counts in step with a table, in the transaction that changes it. Its arguments: the list's
-- name, the column holding a row's status ('' for none) and the column holding its group ('' for none).
-- One statement adds up its rows' changes and applies them in key order, so two transactions
-- touching the same counts take their row locks in the same order and never deadlock each other.
CREATE FUNCTION "count_list_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
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
		'insert into "list_counts" as c ("list", "group_id", "status", "n")
		 select %L, g, s, sum(d) from (%s) as changed (g, s, d) group by g, s having sum(d) <> 0 order by g, s
		 on conflict ("list", "group_id", "status") do update set "n" = c."n" + excluded."n"',
		TG_ARGV[0], changes);
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Each table: a trigger per kind of change (a trigger with transition tables may only have one), and its counts so far.
-- Creating the trigger locks out writers until the migration commits, so no row is counted twice or missed.
CREATE TRIGGER "consultations_counted_insert" AFTER INSERT ON "consultations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('consultations', 'status', '');
--> statement-breakpoint
CREATE TRIGGER "consultations_counted_update" AFTER UPDATE ON "consultations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('consultations', 'status', '');
--> statement-breakpoint
CREATE TRIGGER "consultations_counted_delete" AFTER DELETE ON "consultations" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('consultations', 'status', '');
--> statement-breakpoint
CREATE TRIGGER "consultations_counted_truncate" AFTER TRUNCATE ON "consultations" FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('consultations', 'status', '');
--> statement-breakpoint
INSERT INTO "list_counts" ("list", "status", "n") SELECT 'consultations', "status", count(*) FROM "consultations" GROUP BY "status";
--> statement-breakpoint
CREATE TRIGGER "job_applications_counted_insert" AFTER INSERT ON "job_applications" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('job_applications', 'status', '');
--> statement-breakpoint
CREATE TRIGGER "job_applications_counted_update" AFTER UPDATE ON "job_applications" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('job_applications', 'status', '');
--> statement-breakpoint
CREATE TRIGGER "job_applications_counted_delete" AFTER DELETE ON "job_applications" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('job_applications', 'status', '');
--> statement-breakpoint
CREATE TRIGGER "job_applications_counted_truncate" AFTER TRUNCATE ON "job_applications" FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('job_applications', 'status', '');
--> statement-breakpoint
INSERT INTO "list_counts" ("list", "status", "n") SELECT 'job_applications', "status", count(*) FROM "job_applications" GROUP BY "status";
--> statement-breakpoint
CREATE TRIGGER "newsletter_subscriptions_counted_insert" AFTER INSERT ON "newsletter_subscriptions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('newsletter_subscriptions', '', '');
--> statement-breakpoint
CREATE TRIGGER "newsletter_subscriptions_counted_delete" AFTER DELETE ON "newsletter_subscriptions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('newsletter_subscriptions', '', '');
--> statement-breakpoint
CREATE TRIGGER "newsletter_subscriptions_counted_truncate" AFTER TRUNCATE ON "newsletter_subscriptions" FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('newsletter_subscriptions', '', '');
--> statement-breakpoint
INSERT INTO "list_counts" ("list", "n") SELECT 'newsletter_subscriptions', count(*) FROM "newsletter_subscriptions";
--> statement-breakpoint
CREATE TRIGGER "event_registrations_counted_insert" AFTER INSERT ON "event_registrations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('event_registrations', 'status', 'event_id');
--> statement-breakpoint
CREATE TRIGGER "event_registrations_counted_update" AFTER UPDATE ON "event_registrations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('event_registrations', 'status', 'event_id');
--> statement-breakpoint
CREATE TRIGGER "event_registrations_counted_delete" AFTER DELETE ON "event_registrations" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('event_registrations', 'status', 'event_id');
--> statement-breakpoint
CREATE TRIGGER "event_registrations_counted_truncate" AFTER TRUNCATE ON "event_registrations" FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('event_registrations', 'status', 'event_id');
--> statement-breakpoint
INSERT INTO "list_counts" ("list", "group_id", "status", "n") SELECT 'event_registrations', "event_id", "status", count(*) FROM "event_registrations" GROUP BY "event_id", "status";
--> statement-breakpoint
CREATE TRIGGER "outbox_counted_insert" AFTER INSERT ON "outbox" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('outbox', 'status', '');
--> statement-breakpoint
CREATE TRIGGER "outbox_counted_update" AFTER UPDATE ON "outbox" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('outbox', 'status', '');
--> statement-breakpoint
CREATE TRIGGER "outbox_counted_delete" AFTER DELETE ON "outbox" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('outbox', 'status', '');
--> statement-breakpoint
CREATE TRIGGER "outbox_counted_truncate" AFTER TRUNCATE ON "outbox" FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('outbox', 'status', '');
--> statement-breakpoint
INSERT INTO "list_counts" ("list", "status", "n") SELECT 'outbox', "status", count(*) FROM "outbox" GROUP BY "status";
