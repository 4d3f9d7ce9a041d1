ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Addresses that subscribed before the confirmation email existed did so under the rules of their day (one step): they stay subscribed.
UPDATE "newsletter_subscriptions" SET "confirmed_at" = coalesce("consent_at", "timestamp");
