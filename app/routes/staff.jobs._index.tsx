import { Link } from "react-router";
import type { Route } from "./+types/staff.jobs._index";
import { listJobs } from "#app/features/staff/jobs/jobs-admin.server.ts";
import { JOB_STATUSES, jobStatusLabels } from "#app/features/staff/jobs/job-status.ts";
import { StatusBadge } from "#app/features/staff/inbox-ui.tsx";
import { EmptyList, ListFilters, LocalTime, Pagination } from "#app/features/staff/list-ui.tsx";
import { readListQuery } from "#app/features/staff/list-query.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { PageHeading, buttonClass, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { ListCount, ListTable, cellClass } from "#app/features/staff/table-ui.tsx";
import { servicesOf } from "#app/services-context.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, "jobs");
  const query = readListQuery(request, JOB_STATUSES);
  const list = await listJobs((await servicesOf(context)).db, { search: query.search, status: query.status }, query.page);
  return { ...list, search: query.search, status: query.status, params: query.params.toString() };
}

export const meta: Route.MetaFunction = () => staffMeta("Jobs");

const statusOptions = JOB_STATUSES.map((value) => ({ value, label: jobStatusLabels[value] }));

export default function Jobs({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pages, search, status, params } = loaderData;
  return (
    <>
      <PageHeading title="Jobs">
        <p>Drafts are seen only here. Publishing puts a job on the careers page within seconds; closing takes it off.</p>
        <p className="mt-4">
          <Link to="/staff/jobs/new" className={buttonClass}>
            New job
          </Link>
        </p>
      </PageHeading>
      <ListFilters search={search} searchLabel="Search by title or department" status={status ?? ""} statuses={statusOptions} />
      <ListCount total={total} one="job" many="jobs" />
      {rows.length === 0 ? (
        <EmptyList>No jobs match.</EmptyList>
      ) : (
        <ListTable caption="Jobs, most recently changed first" columns={["Title", "Department", "Status", "Applications", "Last change"]}>
          {rows.map((row) => (
            <tr key={row.id}>
              <td className={cellClass}>
                <Link to={`/staff/jobs/${row.id}`} className={`${linkClass} inline-block py-2`}>
                  {row.title}
                </Link>
              </td>
              <td className={cellClass}>{row.department ?? "Not specified"}</td>
              <td className={cellClass}>
                <StatusBadge status={row.status} labels={jobStatusLabels} />
              </td>
              <td className={cellClass}>
                {row.applications > 0 ? (
                  <Link to={`/staff/applications?job=${row.id}`} className={`${linkClass} inline-block py-2`}>
                    {row.applications}
                    <span className="sr-only"> applications for {row.title}</span>
                  </Link>
                ) : (
                  "0"
                )}
              </td>
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
