CREATE TABLE "insight_digest_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"cadence" text DEFAULT 'weekly' NOT NULL,
	"weekday" integer DEFAULT 1 NOT NULL,
	"month_day" integer DEFAULT 1 NOT NULL,
	"minute_of_day" integer DEFAULT 540 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" text,
	CONSTRAINT "insight_digest_settings_one_row" CHECK ("insight_digest_settings"."id" = 1),
	CONSTRAINT "insight_digest_settings_cadence_check" CHECK ("insight_digest_settings"."cadence" in ('weekly', 'monthly')),
	CONSTRAINT "insight_digest_settings_weekday_check" CHECK ("insight_digest_settings"."weekday" between 1 and 7),
	CONSTRAINT "insight_digest_settings_month_day_check" CHECK ("insight_digest_settings"."month_day" between 1 and 28),
	CONSTRAINT "insight_digest_settings_minute_check" CHECK ("insight_digest_settings"."minute_of_day" between 0 and 1439)
);
--> statement-breakpoint
CREATE TABLE "insight_digests" (
	"period_end" timestamp with time zone PRIMARY KEY NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"insight_count" integer DEFAULT 0 NOT NULL,
	"campaign_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insight_digests_campaign_id_unique" UNIQUE("campaign_id")
);
--> statement-breakpoint
ALTER TABLE "insight_digest_settings" ADD CONSTRAINT "insight_digest_settings_changed_by_staff_user_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_digests" ADD CONSTRAINT "insight_digests_campaign_id_newsletter_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."newsletter_campaigns"("id") ON DELETE set null ON UPDATE no action;