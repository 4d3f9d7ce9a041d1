import { Link } from "react-router";
import type { Route } from "./+types/staff.jobs._index";
import { listJobs } from "#app/features/staff/jobs/jobs-admin.server.ts";
import { JOB_STATUSES, jobStatusLabels } from "#app/features/staff/jobs/job-status.ts";
import { loadStaffList } from "#app/features/staff/list-page.server.ts";
import { ContentList } from "#app/features/staff/publishing/content-list.tsx";
import { linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";

export const loader = (args: Route.LoaderArgs) => loadStaffList(args, "jobs", JOB_STATUSES, (db, query) => listJobs(db, query, query.cursor));

export const meta: Route.MetaFunction = () => staffMeta("Jobs");

export default function Jobs({ loaderData }: Route.ComponentProps) {
  return (
    <ContentList
      loaderData={loaderData}
      title="Jobs"
      intro="Drafts are seen only here. Publishing puts a job on the careers page within seconds; closing takes it off."
      newLabel="New job"
      path="/staff/jobs"
      one="job"
      many="jobs"
      searchLabel="Search by title or department"
      statusLabels={jobStatusLabels}
      columns={{ cells: ["Department"], after: ["Applications"] }}
      cells={(row) => [row.department ?? "Not specified"]}
      after={(row) => [
        row.applications > 0 ? (
          <Link to={`/staff/applications?job=${row.id}`} className={`${linkClass} inline-block py-2`}>
            {row.applications}
            <span className="sr-only"> applications for {row.title}</span>
          </Link>
        ) : (
          "0"
        ),
      ]}
    />
  );
}
