ALTER TABLE "job_applications" ADD COLUMN "answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "meets_requirements" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "job_applications_unmet_list_idx" ON "job_applications" USING btree ("created_at","id") WHERE not "job_applications"."meets_requirements";