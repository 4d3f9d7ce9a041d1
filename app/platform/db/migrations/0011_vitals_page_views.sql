ALTER TABLE "web_vitals" ADD COLUMN "page_view_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "web_vitals_page_view_metric_key" ON "web_vitals" USING btree ("page_view_id","metric");