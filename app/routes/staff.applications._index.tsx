import { Link } from "react-router";
import type { Route } from "./+types/staff.applications._index";
import { NO_SOURCE_LABEL } from "#app/features/attribution/attribution.ts";
import { applicationStatusLabels } from "#app/features/staff/application-labels.ts";
import { listApplications, readApplicationQuery } from "#app/features/staff/applications.server.ts";
import { StatusBadge, UnreadMark } from "#app/features/staff/inbox-ui.tsx";
import { ListFilters, ListRecordFilter, ListResults, totalText } from "#app/features/staff/list-ui.tsx";
import { LocalTime } from "#app/features/staff/staff-time.tsx";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { PageHeading, inputClass, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { UnmetRequirementsMark } from "#app/features/staff/application-answers.tsx";
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
    unmet: query.unmet,
    filters: filters.toString(),
    exportHref: `/staff/applications/export.csv${filters.size ? `?${filters}` : ""}`,
  };
}

export const meta: Route.MetaFunction = () => staffMeta("Applications");

const statusOptions = Object.entries(applicationStatusLabels).map(([value, label]) => ({ value, label }));

export default function Applications({ loaderData }: Route.ComponentProps) {
  const { newCount, jobs } = loaderData;
  return (
    <>
      <PageHeading title="Applications">
        {totalText({ n: newCount, atLeast: false }, "new application", "new applications")} across all jobs.
        {loaderData.job !== null ? (
          <>
            {" "}
            <Link to={`/staff/jobs/${loaderData.job}/board`} className={linkClass}>
              This job's pipeline board
            </Link>
          </>
        ) : null}
      </PageHeading>
      <ListFilters
        search={loaderData.search}
        searchLabel="Search by name, email, reference or position"
        status={loaderData.status ?? ""}
        statuses={statusOptions}
        source={loaderData.source}
        exportHref={loaderData.exportHref}
      >
        <ListRecordFilter name="job" label="Job" allLabel="All jobs" value={loaderData.job} options={jobs.map((job) => ({ id: job.id, label: job.title }))} />
        <div className="max-w-full min-w-0">
          <label htmlFor="list-requirements" className="mb-1.5 block text-sm font-semibold">
            Requirements
          </label>
          <select id="list-requirements" name="requirements" defaultValue={loaderData.unmet ? "unmet" : ""} className={inputClass}>
            <option value="">Any answers</option>
            <option value="unmet">Does not meet requirements</option>
          </select>
        </div>
      </ListFilters>
      <ListResults
        list={loaderData}
        filters={loaderData.filters}
        one="application"
        many="applications"
        empty="No applications match."
        caption="Applications, newest first"
        columns={["Applicant", "Reference", "Applied for", "Applied", "Status", "Source"]}
        row={(row) => [
          <>
            <Link to={`/staff/applications/${row.id}`} className={`${linkClass} inline-block py-2`}>
              {row.fullName}
            </Link>
            <UnreadMark readAt={row.readAt} />
            {row.meetsRequirements ? null : <UnmetRequirementsMark />}
          </>,
          { content: row.reference, className: "font-mono" },
          row.appliedFor,
          <LocalTime value={row.appliedAt} />,
          <StatusBadge status={row.status} labels={applicationStatusLabels} />,
          { content: row.source ?? NO_SOURCE_LABEL, className: "break-all" },
        ]}
      />
    </>
  );
}
