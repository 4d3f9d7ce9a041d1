-- Any write to published content moves the content version in the same transaction, whoever makes it
-- (the staff area, the seed, an operator's SQL): every process's caches of pages and rows empty within a second (decision 023).
CREATE FUNCTION "bump_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "app_state" ("key", "value") VALUES ('content_version', '1')
	ON CONFLICT ("key") DO UPDATE SET "value" = ("app_state"."value"::bigint + 1)::text, "updated_at" = now();
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "job_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "job" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "FeaturedInsights_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "FeaturedInsights" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "events_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "events" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
