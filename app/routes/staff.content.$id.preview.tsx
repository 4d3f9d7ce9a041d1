import type { Route } from "./+types/staff.content.$id.preview";
import { CaseStudyPreviewPage } from "#app/features/staff/case-studies/case-study-pages.tsx";
import { EditionPreviewPage } from "#app/features/staff/events/edition-pages.tsx";
import { InsightPreviewPage } from "#app/features/staff/insights/insight-pages.tsx";
import { JobPreviewPage } from "#app/features/staff/jobs/job-pages.tsx";
import { PagePreviewPage } from "#app/features/staff/pages/page-pages.tsx";
import { ProofPreviewPage } from "#app/features/staff/proof/proof-pages.tsx";
import { contentPagesAt } from "#app/features/staff/publishing/content-pages.server.ts";
import { staffMeta } from "#app/features/staff/staff-ui.tsx";

export const loader = (args: Route.LoaderArgs) => contentPagesAt(args.url).preview(args);

export const meta: Route.MetaFunction = ({ loaderData }) => staffMeta(loaderData ? `Preview: ${previewTitle(loaderData)}` : "Preview");

function previewTitle(loaderData: Awaited<ReturnType<typeof loader>>): string {
  switch (loaderData.kind) {
    case "jobs":
      return loaderData.view.title;
    case "insights":
      return loaderData.insight.title;
    case "events/editions":
      return loaderData.data.event.title;
    case "pages":
      return loaderData.page.title;
    case "case-studies":
    case "people":
    case "testimonials":
    case "logos":
      return loaderData.title;
  }
}

/** The item as its public page draws it, with the working copy's changes: only for staff, never cached. */
export default function ContentPreviewRoute({ loaderData }: Route.ComponentProps) {
  switch (loaderData.kind) {
    case "jobs":
      return <JobPreviewPage loaderData={loaderData} />;
    case "insights":
      return <InsightPreviewPage loaderData={loaderData} />;
    case "events/editions":
      return <EditionPreviewPage loaderData={loaderData} />;
    case "pages":
      return <PagePreviewPage loaderData={loaderData} />;
    case "case-studies":
      return <CaseStudyPreviewPage loaderData={loaderData} />;
    case "people":
    case "testimonials":
    case "logos":
      return <ProofPreviewPage loaderData={loaderData} />;
  }
}
