-- Alerts and escalation (decision 041). consultations_overdue_sweep_idx is built by list-indexes.server.ts
-- (CONCURRENTLY on a server).
ALTER TABLE "consultations" ADD COLUMN "overdue_alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "body" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "team_id" bigint;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "webhook_url" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "webhook_secret" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_channel_check" CHECK ("outbox"."channel" in ('email', 'webhook'));--> statement-breakpoint
-- Leads overdue before alerts existed count as alerted at their due time: the first sweep must not mail the whole backlog.
UPDATE "consultations" SET "overdue_alerted_at" = "due_at"
WHERE "first_response_at" IS NULL AND "status" NOT IN ('spam', 'lost') AND "due_at" <= now();
