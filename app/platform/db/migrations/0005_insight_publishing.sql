ALTER TABLE "FeaturedInsights" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "FeaturedInsights" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "FeaturedInsights" SET "changed_at" = coalesce("updated_at", "created_at");--> statement-breakpoint
CREATE INDEX "FeaturedInsights_changed_at_idx" ON "FeaturedInsights" USING btree ("changed_at");