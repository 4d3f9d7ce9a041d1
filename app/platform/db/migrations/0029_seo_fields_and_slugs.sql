ALTER TABLE "FeaturedInsights" ADD COLUMN "excerpt" text;--> statement-breakpoint
ALTER TABLE "FeaturedInsights" ADD COLUMN "meta_title" text;--> statement-breakpoint
ALTER TABLE "FeaturedInsights" ADD COLUMN "meta_description" text;--> statement-breakpoint
ALTER TABLE "FeaturedInsights" ADD COLUMN "social_image" text;--> statement-breakpoint
ALTER TABLE "FeaturedInsights" ADD COLUMN "noindex" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "meta_title" text;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "meta_description" text;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "social_image" text;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "noindex" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "job" ADD CONSTRAINT "job_slug_unique" UNIQUE("slug");