import { caseStudyContent } from "#app/features/staff/case-studies/case-studies-admin.server.ts";
import { editionContent } from "#app/features/staff/events/editions-admin.server.ts";
import { insightContent } from "#app/features/staff/insights/insights-admin.server.ts";
import { jobContent } from "#app/features/staff/jobs/jobs-admin.server.ts";
import { proofContent } from "#app/features/proof/proof-content.server.ts";
import { pageContent } from "#app/features/site-pages/site-pages.server.ts";
import { publishDueChanges, SCHEDULED_CHANGES_INTERVAL_MS, type ChangesPublisher } from "#app/features/staff/publishing/scheduled-changes.server.ts";
import { settleChanges } from "#app/features/staff/publishing/revisions.server.ts";
import type { ContentType } from "#app/platform/db/schema.server.ts";
import type { PeriodicTask } from "#app/platform/services.server.ts";

/** Each content type's publish of an item's changes, for the schedules that come due. */
export const changesPublishers: Record<ContentType, ChangesPublisher> = {
  job: (db, change) => settleChanges(db, jobContent, { ...change, action: "publish" }),
  insight: (db, change) => settleChanges(db, insightContent, { ...change, action: "publish" }),
  edition: (db, change) => settleChanges(db, editionContent, { ...change, action: "publish" }),
  page: (db, change) => settleChanges(db, pageContent, { ...change, action: "publish" }),
  "case-study": (db, change) => settleChanges(db, caseStudyContent, { ...change, action: "publish" }),
  person: (db, change) => settleChanges(db, proofContent("people"), { ...change, action: "publish" }),
  testimonial: (db, change) => settleChanges(db, proofContent("testimonials"), { ...change, action: "publish" }),
  logo: (db, change) => settleChanges(db, proofContent("logos"), { ...change, action: "publish" }),
};

/** The server's look for scheduled changes that are due (decision 062). */
export const publishScheduledChanges: PeriodicTask = {
  name: "publish scheduled changes",
  intervalMs: SCHEDULED_CHANGES_INTERVAL_MS,
  run: ({ db }) => publishDueChanges(db, changesPublishers),
};
