import type { Route } from "./+types/staff.content.new";
import { NewCaseStudyPage } from "#app/features/staff/case-studies/case-study-pages.tsx";
import { NewEditionPage } from "#app/features/staff/events/edition-pages.tsx";
import { NewInsightPage } from "#app/features/staff/insights/insight-pages.tsx";
import { NewJobPage } from "#app/features/staff/jobs/job-pages.tsx";
import { contentKindAt, contentKindTitles } from "#app/features/staff/publishing/content-kinds.ts";
import { NewProofPage } from "#app/features/staff/proof/proof-pages.tsx";
import { contentPagesAt } from "#app/features/staff/publishing/content-pages.server.ts";
import { staffMeta } from "#app/features/staff/staff-ui.tsx";

export const loader = (args: Route.LoaderArgs) => contentPagesAt(args.url).newItem(args);

export const action = (args: Route.ActionArgs) => contentPagesAt(args.url).create(args);

export const meta: Route.MetaFunction = ({ location }) => staffMeta(`New ${contentKindTitles[contentKindAt(location.pathname)].one}`);

/** A new draft of a kind. */
export default function NewContentRoute({ loaderData, actionData }: Route.ComponentProps) {
  switch (loaderData.kind) {
    case "jobs":
      return <NewJobPage actionData={actionData} />;
    case "insights":
      return <NewInsightPage loaderData={loaderData} actionData={actionData} />;
    case "events/editions":
      return <NewEditionPage actionData={actionData} />;
    case "case-studies":
      return <NewCaseStudyPage actionData={actionData} />;
    case "people":
    case "testimonials":
    case "logos":
      return <NewProofPage loaderData={loaderData} actionData={actionData} />;
  }
}
