import type { Route } from "./+types/staff.jobs.$id";
import { JobForm, type JobFormValues } from "#app/features/staff/jobs/job-form.tsx";
import { jobEditor } from "#app/features/staff/jobs/job-editor.server.ts";
import { closingDateValue } from "#app/features/staff/jobs/job-rules.ts";
import { jobActionLabels, jobStatusLabels, type JobAction } from "#app/features/staff/jobs/job-status.ts";
import type { JobForEdit } from "#app/features/staff/jobs/jobs-admin.server.ts";
import { StatusBadge } from "#app/features/staff/inbox-ui.tsx";
import { LocalTime } from "#app/features/staff/list-ui.tsx";
import { editAction, loadForEdit } from "#app/features/staff/publishing/content-edit.server.ts";
import { ContentEditPage } from "#app/features/staff/publishing/content-edit-page.tsx";
import { staffMeta } from "#app/features/staff/staff-ui.tsx";

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

export async function loader(args: Route.LoaderArgs) {
  const { item: job, created } = await loadForEdit(args, jobEditor);
  return {
    id: job.id,
    title: job.title,
    status: job.effectiveStatus,
    applications: job.applications,
    revision: job.revision,
    updatedAt: job.updatedAt,
    changedAt: job.changedAt,
    values: formValues(job),
    created,
  };
}

export async function action(args: Route.ActionArgs) {
  return editAction(args, jobEditor);
}

export const meta: Route.MetaFunction = ({ loaderData }) => staffMeta(loaderData ? `Edit job: ${loaderData.title}` : "Job");

export default function EditJob({ loaderData, actionData }: Route.ComponentProps) {
  const { id, title, status, applications, revision, values, created } = loaderData;
  const actions: JobAction[] = status === "draft" ? ["publish"] : status === "open" ? ["close"] : ["reopen"];
  return (
    <ContentEditPage
      back={{ to: "/staff/jobs", label: "Back to all jobs" }}
      title={title}
      status={
        <>
          Status: <StatusBadge status={status} labels={jobStatusLabels} /> · {applications === 1 ? "1 application" : `${applications} applications`} · Posted
          date <LocalTime value={loaderData.updatedAt ?? loaderData.changedAt} /> (moves when the content changes)
        </>
      }
      created={created}
      answer={actionData}
      previewPath={`/staff/jobs/${id}/preview`}
      publicPath={status === "draft" ? null : `/careers/${id}`}
      actions={actions.map((action) => ({ intent: action, label: jobActionLabels[action] }))}
      deletion={
        applications === 0
          ? { summary: "Delete this job…", warning: "Deleting cannot be undone. Nobody has applied, so nothing else is lost." }
          : { refusal: "A job with applications stays for the record; close it to stop new ones." }
      }
    >
      <JobForm values={values} revision={revision} answer={actionData} submitLabel="Save changes" />
    </ContentEditPage>
  );
}
