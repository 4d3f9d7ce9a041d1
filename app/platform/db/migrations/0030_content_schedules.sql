CREATE TABLE "content_schedules" (
	"content_type" text NOT NULL,
	"item_id" bigint NOT NULL,
	"publish_at" timestamp with time zone NOT NULL,
	"scheduled_by" text,
	"scheduled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_schedules_content_type_item_id_pk" PRIMARY KEY("content_type","item_id")
);
--> statement-breakpoint
ALTER TABLE "content_schedules" ADD CONSTRAINT "content_schedules_scheduled_by_staff_user_id_fk" FOREIGN KEY ("scheduled_by") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_schedules_publish_at_idx" ON "content_schedules" USING btree ("publish_at");