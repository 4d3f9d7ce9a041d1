import type { Route } from "./+types/staff.content._index";
import { CaseStudyListPage } from "#app/features/staff/case-studies/case-study-pages.tsx";
import { EditionListPage } from "#app/features/staff/events/edition-pages.tsx";
import { InsightListPage } from "#app/features/staff/insights/insight-pages.tsx";
import { JobListPage } from "#app/features/staff/jobs/job-pages.tsx";
import { PageListPage } from "#app/features/staff/pages/page-pages.tsx";
import { contentKindAt, contentKindTitles } from "#app/features/staff/publishing/content-kinds.ts";
import { ProofListPage } from "#app/features/staff/proof/proof-pages.tsx";
import { contentPagesAt } from "#app/features/staff/publishing/content-pages.server.ts";
import { staffMeta } from "#app/features/staff/staff-ui.tsx";

export const loader = (args: Route.LoaderArgs) => contentPagesAt(args.url).list(args);

export const meta: Route.MetaFunction = ({ location }) => staffMeta(contentKindTitles[contentKindAt(location.pathname)].list);

/** A kind's list: every job, insight, event edition, page or case study. */
export default function ContentListRoute({ loaderData }: Route.ComponentProps) {
  switch (loaderData.kind) {
    case "jobs":
      return <JobListPage loaderData={loaderData} />;
    case "insights":
      return <InsightListPage loaderData={loaderData} />;
    case "events/editions":
      return <EditionListPage loaderData={loaderData} />;
    case "pages":
      return <PageListPage loaderData={loaderData} />;
    case "case-studies":
      return <CaseStudyListPage loaderData={loaderData} />;
    case "people":
    case "testimonials":
    case "logos":
      return <ProofListPage loaderData={loaderData} />;
  }
}
