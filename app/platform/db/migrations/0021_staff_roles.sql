-- An account holds a set of roles (decision 045): each account keeps the one role it had.
ALTER TABLE "staff_user" ADD COLUMN "roles" text[];--> statement-breakpoint
UPDATE "staff_user" SET "roles" = ARRAY["role"];--> statement-breakpoint
ALTER TABLE "staff_user" ALTER COLUMN "roles" SET NOT NULL;--> statement-breakpoint
DROP TRIGGER "staff_user_joins_default_team" ON "staff_user";--> statement-breakpoint
ALTER TABLE "staff_user" DROP CONSTRAINT "staff_user_role_check";--> statement-breakpoint
ALTER TABLE "staff_user" DROP COLUMN "role";--> statement-breakpoint
ALTER TABLE "staff_user" ADD CONSTRAINT "staff_user_roles_check" CHECK (cardinality("staff_user"."roles") > 0 and "staff_user"."roles" <@ array['admin', 'sales', 'recruiter', 'editor']::text[]);--> statement-breakpoint
-- However an account becomes sales (an invitation, the command line, a role added), it joins the default team.
CREATE OR REPLACE FUNCTION "join_default_team"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF 'sales' = ANY(NEW."roles") THEN
    INSERT INTO "team_members" ("team_id", "user_id")
    SELECT "id", NEW."id" FROM "teams" WHERE "is_default"
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "staff_user_joins_default_team" AFTER INSERT OR UPDATE OF "roles" ON "staff_user" FOR EACH ROW EXECUTE FUNCTION "join_default_team"();
