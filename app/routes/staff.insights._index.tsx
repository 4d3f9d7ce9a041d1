import { Link } from "react-router";
import type { Route } from "./+types/staff.insights._index";
import { listInsightsForStaff } from "#app/features/staff/insights/insights-admin.server.ts";
import { INSIGHT_STATUSES, insightStatusLabels } from "#app/features/staff/insights/insight-status.ts";
import { StatusBadge } from "#app/features/staff/inbox-ui.tsx";
import { EmptyList, ListFilters, LocalTime, Pagination } from "#app/features/staff/list-ui.tsx";
import { readListQuery } from "#app/features/staff/list-query.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { PageHeading, buttonClass, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { ListCount, ListTable, cellClass } from "#app/features/staff/table-ui.tsx";
import { servicesOf } from "#app/services-context.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, "insights");
  const query = readListQuery(request, INSIGHT_STATUSES);
  const list = await listInsightsForStaff((await servicesOf(context)).db, { search: query.search, status: query.status }, query.page);
  return { ...list, search: query.search, status: query.status, params: query.params.toString() };
}

export const meta: Route.MetaFunction = () => staffMeta("Insights");

const statusOptions = INSIGHT_STATUSES.map((value) => ({ value, label: insightStatusLabels[value] }));

export default function Insights({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pages, search, status, params } = loaderData;
  return (
    <>
      <PageHeading title="Insights">
        <p>
          Drafts are seen only here. Publishing puts an insight on the insights page, the home page and the RSS feed within seconds; a scheduled one appears by
          itself at its time.
        </p>
        <p className="mt-4">
          <Link to="/staff/insights/new" className={buttonClass}>
            New insight
          </Link>
        </p>
      </PageHeading>
      <ListFilters search={search} searchLabel="Search by title, category or author" status={status ?? ""} statuses={statusOptions} />
      <ListCount total={total} one="insight" many="insights" />
      {rows.length === 0 ? (
        <EmptyList>No insights match.</EmptyList>
      ) : (
        <ListTable caption="Insights, most recently changed first" columns={["Title", "Category", "Author", "Status", "Publishing date", "Last change"]}>
          {rows.map((row) => (
            <tr key={row.id}>
              <td className={cellClass}>
                <Link to={`/staff/insights/${row.id}`} className={`${linkClass} inline-block py-2`}>
                  {row.title || "Untitled"}
                </Link>
              </td>
              <td className={cellClass}>{row.category ?? "General"}</td>
              <td className={cellClass}>{row.authorName ?? "Not specified"}</td>
              <td className={cellClass}>
                <StatusBadge status={row.status} labels={insightStatusLabels} />
              </td>
              <td className={cellClass}>{row.publishedDate ? <LocalTime value={row.publishedDate} /> : "Not yet"}</td>
              <td className={cellClass}>
                <LocalTime value={row.changedAt} />
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      <Pagination page={page} pages={pages} params={new URLSearchParams(params)} />
    </>
  );
}
