import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/staff.jobs.$id";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { JobForm, jobFormRules, type JobFormValues } from "#app/features/staff/jobs/job-form.tsx";
import { closingDateValue, readJobInput } from "#app/features/staff/jobs/job-rules.ts";
import { jobActionLabels, jobStatusLabels, type JobAction } from "#app/features/staff/jobs/job-status.ts";
import { changeJobStatus, jobForEdit, saveJob, type JobForEdit } from "#app/features/staff/jobs/jobs-admin.server.ts";
import { StatusBadge } from "#app/features/staff/inbox-ui.tsx";
import { LocalTime } from "#app/features/staff/list-ui.tsx";
import { answerRejection, formError, readStaffForm } from "#app/features/staff/staff-form.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { BackLink, FormNotice, PageHeading, linkClass, secondaryButtonClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { parseRecordId } from "#app/platform/db/schema.server.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

const NOT_FOUND = "There is no such job.";

function formValues(job: JobForEdit): JobFormValues {
  return {
    title: job.title,
    department: job.department ?? "",
    jobType: job.jobType ?? "",
    location: job.location ?? "",
    workplace: job.workplace ?? "on-site",
    salaryMin: job.salaryMin === null ? "" : String(job.salaryMin),
    salaryMax: job.salaryMax === null ? "" : String(job.salaryMax),
    salaryCurrency: job.salaryCurrency ?? "",
    salaryPeriod: job.salaryPeriod ?? "YEAR",
    closesAt: closingDateValue(job.closesAt),
    description: job.description ?? "",
  };
}

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  requireStaff(context, request, "jobs");
  const id = parseRecordId(params.id);
  const job = id === null ? null : await jobForEdit((await servicesOf(context)).db, id);
  if (!job) throw data(NOT_FOUND, { status: 404 });
  return {
    id: job.id,
    title: job.title,
    status: job.effectiveStatus,
    applications: job.applications,
    revision: job.revision,
    updatedAt: job.updatedAt,
    changedAt: job.changedAt,
    values: formValues(job),
    created: url.searchParams.get("done") === "created",
  };
}

const statusActions: JobAction[] = ["publish", "close", "reopen", "delete"];

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireStaff(context, request, "jobs");
  const id = parseRecordId(params.id);
  if (id === null) throw data(NOT_FOUND, { status: 404 });
  const services = await servicesOf(context);
  const ipAddress = clientAddressOf(context);
  try {
    const { values } = await readStaffForm(request, context, services, jobFormRules);
    const intent = statusActions.find((action) => action === values.intent);
    if (intent) {
      const changed = await changeJobStatus(services.db, id, intent, user, ipAddress);
      if (!changed.ok) return formError(changed.status, changed.message);
      // This process need not wait for its next look at the content version.
      services.content.nudge();
      if (intent === "delete") return redirect("/staff/jobs?done=deleted");
      return { status: "success", messages: [changed.message] } satisfies FormAnswer;
    }
    if (values.intent !== "save") return formError(400, "This form asked for something the page does not do. Reload the page and try again.");
    const read = readJobInput(values);
    if (!read.ok) return formError(400, "Some fields need your attention; nothing was saved.", read.errors, values);
    const revision = Number(values.revision);
    if (!Number.isInteger(revision)) return formError(400, "Reload the page and make your changes again: the form was incomplete.", undefined, values);
    const saved = await saveJob(services.db, id, revision, read.input, user, ipAddress);
    if (!saved.ok) return formError(saved.status, saved.message, undefined, values);
    services.content.nudge();
    return { status: "success", messages: [saved.message] } satisfies FormAnswer;
  } catch (error) {
    return answerRejection(error);
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => staffMeta(loaderData ? `Edit job: ${loaderData.title}` : "Job");

export default function EditJob({ loaderData, actionData }: Route.ComponentProps) {
  const { id, title, status, applications, revision, values, created } = loaderData;
  const actions: JobAction[] = status === "draft" ? ["publish"] : status === "open" ? ["close"] : ["reopen"];
  return (
    <>
      <BackLink to="/staff/jobs">Back to all jobs</BackLink>
      <PageHeading title={title}>
        <p>
          Status: <StatusBadge status={status} labels={jobStatusLabels} /> · {applications === 1 ? "1 application" : `${applications} applications`} · Posted
          date <LocalTime value={loaderData.updatedAt ?? loaderData.changedAt} /> (moves when the content changes)
        </p>
      </PageHeading>
      {created && !actionData ? (
        <FormNotice answer={{ status: "success", messages: ["The draft is saved. Preview it, then publish it when it is ready."] }} />
      ) : null}
      <FormNotice answer={actionData} />
      <section aria-labelledby="publishing-heading" className="mb-8 rounded-xl border border-slate-300 bg-white p-5">
        <h2 id="publishing-heading" className="mb-3 text-lg font-bold">
          Publishing
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <Link to={`/staff/jobs/${id}/preview`} className={secondaryButtonClass}>
            Preview
          </Link>
          {status === "draft" ? null : (
            <a href={`/careers/${id}`} className={linkClass}>
              Public page
            </a>
          )}
          {actions.map((action) => (
            <Form method="post" key={action}>
              <input type="hidden" name="intent" value={action} />
              <button type="submit" className={secondaryButtonClass}>
                {jobActionLabels[action]}
              </button>
            </Form>
          ))}
        </div>
        {applications === 0 ? (
          <details className="mt-4">
            <summary className="cursor-pointer py-2 text-sm font-semibold text-red-800">Delete this job…</summary>
            <Form method="post" className="mt-2 flex flex-wrap items-center gap-3">
              <input type="hidden" name="intent" value="delete" />
              <p className="text-sm text-slate-700">Deleting cannot be undone. Nobody has applied, so nothing else is lost.</p>
              <button type="submit" className={secondaryButtonClass}>
                Delete “{title}”
              </button>
            </Form>
          </details>
        ) : (
          <p className="mt-4 text-sm text-slate-700">A job with applications stays for the record; close it to stop new ones.</p>
        )}
      </section>
      <h2 className="mb-3 text-lg font-bold">Content</h2>
      <JobForm values={values} revision={revision} answer={actionData} submitLabel="Save changes" />
    </>
  );
}
