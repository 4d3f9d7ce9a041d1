import { Link } from "react-router";
import type { Route } from "./+types/staff.applications._index";
import { NO_SOURCE_LABEL } from "#app/features/attribution/attribution.ts";
import { applicationStatusLabels } from "#app/features/staff/application-labels.ts";
import { listApplications, readApplicationQuery } from "#app/features/staff/applications.server.ts";
import { StatusBadge, UnreadMark } from "#app/features/staff/inbox-ui.tsx";
import { EmptyList, ListFilters, ListPages, LocalTime, totalText } from "#app/features/staff/list-ui.tsx";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { PageHeading, inputClass, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { servicesOf } from "#app/services-context.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, "applications");
  const query = readApplicationQuery(request);
  const list = await listApplications((await servicesOf(context)).db, query);
  const { filters } = query;
  return {
    ...list,
    search: query.search,
    status: query.status,
    job: query.job,
    source: query.source,
    filters: filters.toString(),
    exportHref: `/staff/applications/export.csv${filters.size ? `?${filters}` : ""}`,
  };
}

export const meta: Route.MetaFunction = () => staffMeta("Applications");

const statusOptions = Object.entries(applicationStatusLabels).map(([value, label]) => ({ value, label }));

export default function Applications({ loaderData }: Route.ComponentProps) {
  const { rows, total, newCount, jobs } = loaderData;
  return (
    <>
      <PageHeading title="Applications">{totalText({ n: newCount, atLeast: false }, "new application", "new applications")} across all jobs.</PageHeading>
      <ListFilters
        search={loaderData.search}
        searchLabel="Search by name, email, reference or position"
        status={loaderData.status ?? ""}
        statuses={statusOptions}
        source={loaderData.source}
        exportHref={loaderData.exportHref}
      >
        <div>
          <label htmlFor="list-job" className="mb-1.5 block text-sm font-semibold">
            Job
          </label>
          <select id="list-job" name="job" defaultValue={loaderData.job ?? ""} className={inputClass}>
            <option value="">All jobs</option>
            {jobs.map((job) => (
              <option key={job.id} value={job.id}>
                {job.title}
              </option>
            ))}
          </select>
        </div>
      </ListFilters>
      {rows.length === 0 ? (
        <EmptyList>No applications match.</EmptyList>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-700">{totalText(total, "application", "applications")}</p>
          <div className="overflow-x-auto rounded-xl border border-slate-300 bg-white">
            <table className="w-full min-w-160 text-left text-sm">
              <caption className="sr-only">Applications, newest first</caption>
              <thead className="border-b border-slate-300 bg-slate-100">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Applicant
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Reference
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Applied for
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Applied
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Source
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} className="border-b border-slate-200 last:border-0">
                    <td className="px-4 py-3">
                      <Link to={`/staff/applications/${row.id}`} className={linkClass}>
                        {row.fullName}
                      </Link>
                      <UnreadMark readAt={row.readAt} />
                    </td>
                    <td className="px-4 py-3 font-mono">{row.reference}</td>
                    <td className="px-4 py-3">{row.appliedFor}</td>
                    <td className="px-4 py-3">
                      <LocalTime value={row.appliedAt} />
                    </td>
                    <td className="px-4 py-3">
                      <StatusBadge status={row.status} labels={applicationStatusLabels} />
                    </td>
                    <td className="px-4 py-3 break-all">{row.source ?? NO_SOURCE_LABEL}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ListPages newer={loaderData.newer} older={loaderData.older} filters={loaderData.filters} />
        </>
      )}
    </>
  );
}
