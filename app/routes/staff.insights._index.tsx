import type { Route } from "./+types/staff.insights._index";
import { listInsightsForStaff } from "#app/features/staff/insights/insights-admin.server.ts";
import { INSIGHT_STATUSES, insightStatusLabels } from "#app/features/staff/insights/insight-status.ts";
import { loadStaffList } from "#app/features/staff/list-page.server.ts";
import { LocalTime } from "#app/features/staff/list-ui.tsx";
import { ContentList } from "#app/features/staff/publishing/content-list.tsx";
import { staffMeta } from "#app/features/staff/staff-ui.tsx";

export const loader = (args: Route.LoaderArgs) =>
  loadStaffList(args, "insights", INSIGHT_STATUSES, (db, query) => listInsightsForStaff(db, query, query.cursor));

export const meta: Route.MetaFunction = () => staffMeta("Insights");

export default function Insights({ loaderData }: Route.ComponentProps) {
  return (
    <ContentList
      loaderData={loaderData}
      title="Insights"
      intro="Drafts are seen only here. Publishing puts an insight on the insights page, the home page and the RSS feed within seconds; a scheduled one appears by itself at its time."
      newLabel="New insight"
      path="/staff/insights"
      one="insight"
      many="insights"
      searchLabel="Search by title, category or author"
      statusLabels={insightStatusLabels}
      columns={{ cells: ["Category", "Author"], after: ["Publishing date"] }}
      cells={(row) => [row.category ?? "General", row.authorName ?? "Not specified"]}
      after={(row) => [row.publishedDate ? <LocalTime value={row.publishedDate} /> : "Not yet"]}
    />
  );
}
