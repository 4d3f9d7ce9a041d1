CREATE TABLE "content_documents" (
	"type" text NOT NULL,
	"key" text NOT NULL,
	"data" jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" text,
	CONSTRAINT "content_documents_type_key_pk" PRIMARY KEY("type","key"),
	CONSTRAINT "content_documents_revision_check" CHECK ("content_documents"."revision" >= 1)
);
--> statement-breakpoint
ALTER TABLE "content_documents" ADD CONSTRAINT "content_documents_changed_by_staff_user_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Its documents are on every public page: a write empties every process's page cache like a publish does (decision 057).
CREATE TRIGGER "content_documents_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "content_documents" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
