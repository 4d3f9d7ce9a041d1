-- The lead clock (decision 036). Its indexes, consultations_urgent_idx and consultations_waiting_idx, are built
-- after the migrations (list-indexes.server.ts).
CREATE TABLE "business_hours" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"time_zone" text NOT NULL,
	"working_days" integer[] NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	"holidays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_hours_one_row" CHECK ("business_hours"."id" = 1),
	CONSTRAINT "business_hours_day_check" CHECK (0 <= "business_hours"."start_minute" and "business_hours"."start_minute" < "business_hours"."end_minute" and "business_hours"."end_minute" < 1440)
);
--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "due_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "first_response_at" timestamp with time zone;
--> statement-breakpoint
-- The site stores each new lead's due time in business time. A row written without one (by a writer
-- that knows only the spec's columns, or an import) is due an hour after it arrived: the fallback
-- cannot read the business hours, and an hour of wall-clock time is never later than the promise.
CREATE FUNCTION "consultations_due_at_default"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."due_at" IS NULL THEN
		NEW."due_at" := NEW."submitted_at" + interval '1 hour';
	END IF;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "consultations_due_at_default" BEFORE INSERT ON "consultations" FOR EACH ROW EXECUTE FUNCTION "consultations_due_at_default"();
--> statement-breakpoint
-- Leads stored before the clock existed are due at submitted_at + 1 hour, the same fallback (the business
-- hours they arrived in were never recorded). One that staff have already moved on from "new" has had its
-- answer: its clock stops at the first such status change, or, where none was recorded, at its due time
-- (when it was answered is unknown), so years of handled leads do not all read as overdue.
-- The status counts cannot change here, so their trigger sits this update out rather than compare a
-- million rows with themselves.
ALTER TABLE "consultations" DISABLE TRIGGER "consultations_counted_update";
--> statement-breakpoint
UPDATE "consultations" AS c SET
	"due_at" = c."submitted_at" + interval '1 hour',
	"first_response_at" = CASE WHEN c."status" <> 'new' THEN coalesce(
		(SELECT min(s."created_at") FROM "inbox_status_changes" AS s WHERE s."consultation_id" = c."id" AND s."from_status" = 'new'),
		c."submitted_at" + interval '1 hour'
	) END;
--> statement-breakpoint
ALTER TABLE "consultations" ENABLE TRIGGER "consultations_counted_update";
--> statement-breakpoint
ALTER TABLE "consultations" ALTER COLUMN "due_at" SET NOT NULL;
