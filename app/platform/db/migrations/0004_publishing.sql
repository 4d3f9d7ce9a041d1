ALTER TABLE "job" ADD COLUMN "workplace" text;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "salary_min" integer;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "salary_max" integer;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "salary_currency" text;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "salary_period" text;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "job" SET "changed_at" = coalesce("updatedAt", "created_at");--> statement-breakpoint
CREATE INDEX "job_changed_at_idx" ON "job" USING btree ("changed_at");