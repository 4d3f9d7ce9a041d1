ALTER TABLE "consultations" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "future_roles_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "renewal_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "consultations_retention_idx" ON "consultations" USING btree ("id") WHERE "consultations"."status" in ('lost', 'spam') and "consultations"."anonymised_at" is null;--> statement-breakpoint
CREATE INDEX "job_applications_retention_idx" ON "job_applications" USING btree ("id") WHERE "job_applications"."anonymised_at" is null;--> statement-breakpoint
CREATE INDEX "job_applications_renewal_idx" ON "job_applications" USING btree ("id") WHERE "job_applications"."future_roles_consent_at" is not null and "job_applications"."renewal_notice_at" is null and "job_applications"."anonymised_at" is null;