import { caseStudyContent } from "#app/features/staff/case-studies/case-studies-admin.server.ts";
import { editionContent } from "#app/features/staff/events/editions-admin.server.ts";
import { insightContent } from "#app/features/staff/insights/insights-admin.server.ts";
import { jobContent } from "#app/features/staff/jobs/jobs-admin.server.ts";
import { proofContent } from "#app/features/proof/proof-content.server.ts";
import { siteFactsContent } from "#app/features/site-facts/site-facts.server.ts";
import { pageContent } from "#app/features/site-pages/site-pages.server.ts";
import {
  publishDueChanges,
  publishScheduled,
  SCHEDULED_CHANGES_INTERVAL_MS,
  type ChangesPublisher,
} from "#app/features/staff/publishing/scheduled-changes.server.ts";
import type { ContentType } from "#app/platform/db/schema.server.ts";
import type { PeriodicTask } from "#app/platform/services.server.ts";

/** Each content type's publish of an item whose schedule came: a draft's first publication or its changes. */
export const changesPublishers: Record<ContentType, ChangesPublisher> = {
  job: (db, change) => publishScheduled(db, jobContent, change),
  insight: (db, change) => publishScheduled(db, insightContent, change),
  edition: (db, change) => publishScheduled(db, editionContent, change),
  page: (db, change) => publishScheduled(db, pageContent, change),
  "site-facts": (db, change) => publishScheduled(db, siteFactsContent, change),
  "case-study": (db, change) => publishScheduled(db, caseStudyContent, change),
  person: (db, change) => publishScheduled(db, proofContent("people"), change),
  testimonial: (db, change) => publishScheduled(db, proofContent("testimonials"), change),
  logo: (db, change) => publishScheduled(db, proofContent("logos"), change),
};

/** The server's look for schedules that are due (decisions 062 and 065). */
export const publishScheduledChanges: PeriodicTask = {
  name: "publish scheduled changes",
  intervalMs: SCHEDULED_CHANGES_INTERVAL_MS,
  run: ({ db }) => publishDueChanges(db, changesPublishers),
};
