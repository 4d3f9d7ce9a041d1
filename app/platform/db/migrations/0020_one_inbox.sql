ALTER TABLE "inbox_notes" DROP CONSTRAINT "inbox_notes_one_subject";--> statement-breakpoint
ALTER TABLE "inbox_replies" DROP CONSTRAINT "inbox_replies_one_subject";--> statement-breakpoint
ALTER TABLE "inbox_status_changes" DROP CONSTRAINT "inbox_status_changes_one_subject";--> statement-breakpoint
ALTER TABLE "inbox_notes" ADD COLUMN "registration_id" bigint;--> statement-breakpoint
ALTER TABLE "inbox_replies" ADD COLUMN "registration_id" bigint;--> statement-breakpoint
ALTER TABLE "inbox_status_changes" ADD COLUMN "registration_id" bigint;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "registration_id" bigint;--> statement-breakpoint
ALTER TABLE "inbox_notes" ADD CONSTRAINT "inbox_notes_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_replies" ADD CONSTRAINT "inbox_replies_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_status_changes" ADD CONSTRAINT "inbox_status_changes_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_notes_registration_idx" ON "inbox_notes" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "inbox_replies_registration_idx" ON "inbox_replies" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "inbox_status_changes_registration_idx" ON "inbox_status_changes" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "outbox_registration_idx" ON "outbox" USING btree ("registration_id");--> statement-breakpoint
ALTER TABLE "inbox_notes" ADD CONSTRAINT "inbox_notes_one_subject" CHECK (num_nonnulls("inbox_notes"."consultation_id", "inbox_notes"."application_id", "inbox_notes"."registration_id") = 1);--> statement-breakpoint
ALTER TABLE "inbox_replies" ADD CONSTRAINT "inbox_replies_one_subject" CHECK (num_nonnulls("inbox_replies"."consultation_id", "inbox_replies"."application_id", "inbox_replies"."registration_id") = 1);--> statement-breakpoint
ALTER TABLE "inbox_status_changes" ADD CONSTRAINT "inbox_status_changes_one_subject" CHECK (num_nonnulls("inbox_status_changes"."consultation_id", "inbox_status_changes"."application_id", "inbox_status_changes"."registration_id") = 1);