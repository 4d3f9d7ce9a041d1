import { caseStudyPages } from "#app/features/staff/case-studies/case-study-pages.server.ts";
import { editionPages } from "#app/features/staff/events/edition-pages.server.ts";
import { insightPages } from "#app/features/staff/insights/insight-pages.server.ts";
import { jobPages } from "#app/features/staff/jobs/job-pages.server.ts";
import { pagePages } from "#app/features/staff/pages/page-pages.server.ts";
import { proofPagesByKind } from "#app/features/staff/proof/proof-pages.server.ts";
import { contentKindAt } from "#app/features/staff/publishing/content-kinds.ts";

const pagesByKind = {
  jobs: jobPages,
  insights: insightPages,
  "events/editions": editionPages,
  pages: pagePages,
  "case-studies": caseStudyPages,
  ...proofPagesByKind,
};

/** The loaders and actions of the kind whose pages `url` is under. */
export const contentPagesAt = (url: URL) => pagesByKind[contentKindAt(url.pathname)];
