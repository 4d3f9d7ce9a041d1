import type { ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/staff.content.$id";
import { EditCaseStudyPage } from "#app/features/staff/case-studies/case-study-pages.tsx";
import { EditEditionPage } from "#app/features/staff/events/edition-pages.tsx";
import { EditInsightPage } from "#app/features/staff/insights/insight-pages.tsx";
import { EditJobPage } from "#app/features/staff/jobs/job-pages.tsx";
import { EditSitePage } from "#app/features/staff/pages/page-pages.tsx";
import { contentKindAt, contentKindTitles } from "#app/features/staff/publishing/content-kinds.ts";
import { EditProofPage } from "#app/features/staff/proof/proof-pages.tsx";
import { contentPagesAt } from "#app/features/staff/publishing/content-pages.server.ts";
import { staffMeta } from "#app/features/staff/staff-ui.tsx";

export const loader = (args: Route.LoaderArgs) => contentPagesAt(args.url).edit(args);

export const action = (args: Route.ActionArgs) => contentPagesAt(args.url).save(args);

// An autosave leaves the open form as typed: the page is not loaded again after it.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "autosave" ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  const { one } = contentKindTitles[contentKindAt(location.pathname)];
  return staffMeta(loaderData ? `Edit ${one}: ${loaderData.title}` : one.charAt(0).toUpperCase() + one.slice(1));
};

/** An item's edit page: publishing, then its content form. */
export default function EditContentRoute({ loaderData, actionData }: Route.ComponentProps) {
  switch (loaderData.kind) {
    case "jobs":
      return <EditJobPage loaderData={loaderData} actionData={actionData} />;
    case "insights":
      return <EditInsightPage loaderData={loaderData} actionData={actionData} />;
    case "events/editions":
      return <EditEditionPage loaderData={loaderData} actionData={actionData} />;
    case "pages":
      return <EditSitePage loaderData={loaderData} actionData={actionData} />;
    case "case-studies":
      return <EditCaseStudyPage loaderData={loaderData} actionData={actionData} />;
    case "people":
    case "testimonials":
    case "logos":
      return <EditProofPage loaderData={loaderData} actionData={actionData} />;
  }
}
