import { Link } from "react-router";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { JsonLd } from "#app/components/ui/json-ld.tsx";
import { JobDetailView } from "#app/features/careers/job-detail.tsx";
import { JobForm, emptyJobForm } from "#app/features/staff/jobs/job-form.tsx";
import type { loadJobForEdit, loadJobList, loadJobPreview } from "#app/features/staff/jobs/job-pages.server.ts";
import { jobActionLabels, jobStatusLabels, type JobAction } from "#app/features/staff/jobs/job-status.ts";
import { StatusBadge } from "#app/features/staff/inbox-ui.tsx";
import { JobQuestionFields } from "#app/features/careers/job-question-fields.tsx";
import { ContentEditPage, PreviewNote } from "#app/features/staff/publishing/content-edit-page.tsx";
import { ContentList } from "#app/features/staff/publishing/content-list.tsx";
import { LocalTime } from "#app/features/staff/staff-time.tsx";
import { BackLink, FormNotice, PageHeading, linkClass } from "#app/features/staff/staff-ui.tsx";

/* The job pages of the staff area, drawn by the shared content routes for addresses under /staff/jobs. */

export function JobListPage({ loaderData }: { loaderData: Awaited<ReturnType<typeof loadJobList>> }) {
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
      columns={{ cells: ["Department", "Salary"], after: ["Applications"] }}
      cells={(row) => [row.department ?? "Not specified", row.salary ?? "Not shown"]}
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

export function NewJobPage({ actionData }: { actionData: FormAnswer | undefined }) {
  return (
    <>
      <BackLink to="/staff/jobs">Back to all jobs</BackLink>
      <PageHeading title="New job">A new job is a draft: nobody outside the staff area sees it until you publish it.</PageHeading>
      <FormNotice answer={actionData} />
      <JobForm values={emptyJobForm} answer={actionData} submitLabel="Save draft" />
    </>
  );
}

export function EditJobPage({ loaderData, actionData }: { loaderData: Awaited<ReturnType<typeof loadJobForEdit>>; actionData: FormAnswer | undefined }) {
  const { id, title, status, applications, revision, values, pending, scheduled, draftSchedulable, created } = loaderData;
  const actions: JobAction[] = status === "draft" ? ["publish"] : status === "open" ? ["close"] : ["reopen"];
  return (
    <ContentEditPage
      back={{ to: "/staff/jobs", label: "Back to all jobs" }}
      title={title}
      status={
        <>
          Status: <StatusBadge status={status} labels={jobStatusLabels} /> · {applications === 1 ? "1 application" : `${applications} applications`} (
          <Link to={`/staff/jobs/${id}/board`} className={linkClass}>
            pipeline board
          </Link>
          ) · Posted date <LocalTime value={loaderData.updatedAt ?? loaderData.changedAt} /> (moves when the content changes)
        </>
      }
      created={created}
      answer={actionData}
      basePath={loaderData.basePath}
      id={id}
      pending={pending}
      scheduled={scheduled}
      draftSchedulable={draftSchedulable}
      publicPath={status === "draft" ? null : loaderData.publicPath}
      actions={actions.map((action) => ({ intent: action, label: jobActionLabels[action] }))}
      deletion={
        applications === 0
          ? { summary: "Delete this job…", warning: "Deleting cannot be undone. Nobody has applied, so nothing else is lost." }
          : { refusal: "A job with applications stays for the record; close it to stop new ones." }
      }
    >
      <JobForm
        values={values}
        revision={revision}
        answer={actionData}
        submitLabel="Save changes"
        draftLabel={status === "draft" ? undefined : "Save as draft"}
        numberPath={loaderData.numberPath}
        socialImage={loaderData.socialImage}
      />
    </ContentEditPage>
  );
}

export function JobPreviewPage({ loaderData }: { loaderData: Awaited<ReturnType<typeof loadJobPreview>> }) {
  const { id, status, pending, view, jsonLd, questions } = loaderData;
  return (
    <>
      <PreviewNote
        statusLabel={jobStatusLabels[status]}
        page="the public job page"
        visible={status !== "draft"}
        pending={pending}
        editPath={`/staff/jobs/${id}`}
      />
      <div className="rounded-xl border border-slate-300 bg-white">
        <JobDetailView job={view} />
      </div>
      <section aria-labelledby="questions-heading" className="mt-8">
        <h2 id="questions-heading" className="mb-2 text-lg font-bold">
          The job&rsquo;s questions on its application form
        </h2>
        {questions.length === 0 ? (
          <p>None: the form asks only its usual fields.</p>
        ) : (
          <>
            {questions.some((question) => question.knockout) ? (
              <ul className="mb-3 list-disc pl-5 text-sm">
                {questions.map((question, index) =>
                  question.knockout ? (
                    <li key={index}>
                      Knockout: &ldquo;{question.label}&rdquo; answered &ldquo;
                      {question.type === "yes-no" ? (question.knockout === "yes" ? "Yes" : "No") : question.knockout}
                      &rdquo; marks the application &ldquo;does not meet requirements&rdquo;.
                    </li>
                  ) : null,
                )}
              </ul>
            ) : null}
            {/* As candidates see them, not to be filled in here. */}
            <fieldset disabled className="grid gap-5 rounded-xl border border-slate-300 bg-white p-5 sm:grid-cols-2">
              <JobQuestionFields questions={questions} questionSet="" errors={{}} />
            </fieldset>
          </>
        )}
      </section>
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
