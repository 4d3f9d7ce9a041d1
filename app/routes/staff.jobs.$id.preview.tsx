import { data, Link } from "react-router";
import type { Route } from "./+types/staff.jobs.$id.preview";
import { JsonLd } from "#app/components/ui/json-ld.tsx";
import { JobDetailView } from "#app/features/careers/job-detail.tsx";
import { jobPostingJsonLd } from "#app/features/careers/job-posting.server.ts";
import { toJobView } from "#app/features/careers/job-view.server.ts";
import { jobStatusLabels } from "#app/features/staff/jobs/job-status.ts";
import { jobForEdit } from "#app/features/staff/jobs/jobs-admin.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { parseRecordId } from "#app/platform/db/schema.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

/**
 * The job as its public page will draw it once published, with the JobPosting
 * data job search engines will read: only for staff, never cached.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireStaff(context, request, "jobs");
  const id = parseRecordId(params.id);
  const services = await servicesOf(context);
  const job = id === null ? null : await jobForEdit(services.db, id);
  if (!job) throw data("There is no such job.", { status: 404 });
  // As published: a draft previews as the open job it will become.
  const asPublished = job.effectiveStatus === "draft" ? { ...job, status: "open" } : job;
  return {
    id: job.id,
    status: job.effectiveStatus,
    view: toJobView(asPublished),
    jsonLd: jobPostingJsonLd(asPublished, services.env.SITE_URL),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => staffMeta(loaderData ? `Preview: ${loaderData.view.title}` : "Preview");

export default function JobPreview({ loaderData }: Route.ComponentProps) {
  const { id, status, view, jsonLd } = loaderData;
  return (
    <>
      <div role="note" className="mb-6 rounded-lg border border-amber-500 bg-amber-50 p-4 text-amber-900">
        <p className="font-semibold">
          Preview ({jobStatusLabels[status]}): this is how the public job page {status === "draft" ? "will look once published" : "looks"}.
        </p>
        <p className="mt-2">
          <Link to={`/staff/jobs/${id}`} className={linkClass}>
            Back to editing
          </Link>
        </p>
      </div>
      <div className="rounded-xl border border-slate-300 bg-white">
        <JobDetailView job={view} />
      </div>
      <section aria-labelledby="json-ld-heading" className="mt-8">
        <h2 id="json-ld-heading" className="mb-2 text-lg font-bold">
          Data for job search engines (JobPosting)
        </h2>
        {jsonLd ? (
          <>
            <JsonLd data={jsonLd} />
            <pre className="rounded-lg border border-slate-300 bg-white p-4 text-sm break-all whitespace-pre-wrap" data-testid="job-posting-preview">
              {JSON.stringify(jsonLd, null, 2)}
            </pre>
          </>
        ) : (
          <p>None: a closed job, or one past its closing date, carries no JobPosting data.</p>
        )}
      </section>
    </>
  );
}
