-- The attribution values the lead figures group by (decision 047), kept by the database from the jsonb.
-- One statement, so that the table is rewritten once rather than once per column; it holds the table's
-- lock while it does (seconds at a million rows). The figures' indexes, consultations_figures_idx and
-- consultations_figures_long_idx, are built after the migrations (list-indexes.server.ts).
ALTER TABLE "consultations"
  ADD COLUMN "attribution_source" text GENERATED ALWAYS AS ((attribution ->> 'source')) STORED,
  ADD COLUMN "attribution_medium" text GENERATED ALWAYS AS ((attribution ->> 'medium')) STORED,
  ADD COLUMN "attribution_campaign" text GENERATED ALWAYS AS ((attribution ->> 'campaign')) STORED,
  ADD COLUMN "attribution_landing_page" text GENERATED ALWAYS AS (nullif(split_part(coalesce(attribution -> 'lastTouch' ->> 'landingPage', attribution ->> 'formPage'), '?', 1), '')) STORED;
