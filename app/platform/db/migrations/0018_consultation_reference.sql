-- Every consultation's reference, "CON-2026-4F7K2Q" (decision 042): the year it arrived (UTC) and six
-- characters without 0, O, 1, I or L, as applications' references. The database draws it, so a row
-- written with only the spec's columns, an import, or a row from before this migration gets one too.
-- The unique index comes first: the draw looks each code up in it, and staff find a lead by it.
ALTER TABLE "consultations" ADD COLUMN "reference" text;
--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_reference_key" UNIQUE("reference");
--> statement-breakpoint
-- Draws codes until one is free. Rows written earlier in the same statement are visible to the lookup
-- (a volatile function's queries see them), so a many-row insert or the update below never repeats one.
CREATE FUNCTION "new_consultation_reference"("arrived_at" timestamp with time zone) RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	alphabet constant text := '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
	candidate text;
BEGIN
	LOOP
		candidate := 'CON-' || to_char("arrived_at" AT TIME ZONE 'UTC', 'YYYY') || '-';
		FOR i IN 1..6 LOOP
			candidate := candidate || substr(alphabet, 1 + floor(random() * 31)::int, 1);
		END LOOP;
		EXIT WHEN NOT EXISTS (SELECT 1 FROM "consultations" WHERE "reference" = candidate);
	END LOOP;
	RETURN candidate;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "consultations_reference_default"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."reference" IS NULL THEN
		NEW."reference" := "new_consultation_reference"(NEW."submitted_at");
	END IF;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "consultations_reference_default" BEFORE INSERT ON "consultations" FOR EACH ROW EXECUTE FUNCTION "consultations_reference_default"();
--> statement-breakpoint
-- Leads already stored get theirs now, so staff and visitors have one for every lead. The status
-- counts cannot change here, so their trigger sits this update out (as in migration 0013).
ALTER TABLE "consultations" DISABLE TRIGGER "consultations_counted_update";
--> statement-breakpoint
UPDATE "consultations" SET "reference" = "new_consultation_reference"("submitted_at") WHERE "reference" IS NULL;
--> statement-breakpoint
ALTER TABLE "consultations" ENABLE TRIGGER "consultations_counted_update";
--> statement-breakpoint
ALTER TABLE "consultations" ALTER COLUMN "reference" SET NOT NULL;
