-- The six demo insights shipped with read times (4-7 minutes) far above their length (about one minute).
-- Where a demo row still has the number it was seeded with, it goes: the site then shows the time estimated from the text.
UPDATE "FeaturedInsights" SET "readTime" = NULL
WHERE "is_demo" AND ("slug", "readTime") IN (
  ('choosing-an-erp-for-a-growing-business', 6),
  ('upi-autopay-for-subscription-billing', 5),
  ('retrieval-augmented-assistants-that-staff-trust', 7),
  ('cloud-costs-five-quick-wins', 4),
  ('dpdp-act-checklist-for-web-forms', 5),
  ('from-spreadsheets-to-dashboards', 6)
);
