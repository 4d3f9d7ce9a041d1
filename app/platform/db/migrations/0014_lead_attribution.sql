-- Where each lead came from (decision 037). Records from before it was kept have none (null).
-- The lists' source indexes are built after the migrations (list-indexes.server.ts).
ALTER TABLE "consultations" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "attribution" jsonb;
