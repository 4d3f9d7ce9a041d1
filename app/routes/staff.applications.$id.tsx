import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/staff.applications.$id";
import { formatBytes } from "#app/features/forms/form-rules.ts";
import { applicationEmailNames, applicationStatusLabels } from "#app/features/staff/application-labels.ts";
import { applicationInbox } from "#app/features/staff/applications.server.ts";
import { inboxRecordAction, loadInboxRecord } from "#app/features/staff/inbox-page.server.ts";
import { InboxEmails, InboxForms, InboxHistory, InboxSource, StatusBadge, cardClass, revalidateAfterConflict } from "#app/features/staff/inbox-ui.tsx";
import { ApplicationAnswers, UnmetRequirementsMark } from "#app/features/staff/application-answers.tsx";
import { LocalTime } from "#app/features/staff/staff-time.tsx";
import { MoveToStageForm, PendingRejectionNotice } from "#app/features/staff/stage-emails/stage-email-ui.tsx";
import { EmailLink, PhoneLink, RecordPageHeader, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";

export async function loader(args: Route.LoaderArgs) {
  return loadInboxRecord(args, applicationInbox);
}

export async function action(args: Route.ActionArgs) {
  return inboxRecordAction(args, applicationInbox);
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => staffMeta(loaderData ? `Application ${loaderData.application.reference}` : "Application");

export const shouldRevalidate = revalidateAfterConflict;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="font-semibold text-slate-700">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

export default function Application({ loaderData, actionData }: Route.ComponentProps) {
  const { application: a, pendingRejection, timeline, deliveries, done, noteMaxLength } = loaderData;
  return (
    <>
      <RecordPageHeader back={{ to: "/staff/applications", label: "All applications" }} title={a.fullName} done={done} answer={actionData}>
        Application <span className="font-mono">{a.reference}</span> for {a.appliedFor}. Status:{" "}
        <StatusBadge status={a.status} labels={applicationStatusLabels} />
        {a.meetsRequirements ? null : <UnmetRequirementsMark />}
      </RecordPageHeader>
      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        <div className="min-w-0 space-y-8">
          <section aria-labelledby="details-heading" className={cardClass}>
            <h2 id="details-heading" className="mb-2 text-lg font-bold">
              Application
            </h2>
            <dl className="divide-y divide-slate-200">
              <Field label="Reference">
                <span className="font-mono">{a.reference}</span>
              </Field>
              <Field label="Applied for">
                {a.appliedFor}
                {a.jobId !== null && a.jobTitle !== null ? (
                  <>
                    {" "}
                    (job:{" "}
                    <Link to={`/careers/${a.jobId}`} className={linkClass}>
                      {a.jobTitle}
                    </Link>
                    )
                  </>
                ) : null}
              </Field>
              <Field label="Applied">
                <LocalTime value={a.appliedAt} />
              </Field>
              <Field label="Full name">{a.fullName}</Field>
              <Field label="Email">{a.anonymisedAt ? "Removed" : <EmailLink email={a.email} />}</Field>
              <Field label="Phone">{a.anonymisedAt ? "Removed" : <PhoneLink phone={a.phone} />}</Field>
              <Field label="LinkedIn or portfolio">
                {a.portfolioLink ? (
                  <a href={a.portfolioLink} rel="noopener noreferrer" target="_blank" className={linkClass}>
                    {a.portfolioLink} <span className="sr-only">(opens in a new tab)</span>
                  </a>
                ) : (
                  (a.portfolioUrl ?? "—")
                )}
              </Field>
              <Field label="Years of experience">{a.yearsExperience ?? "—"}</Field>
              <Field label="Resume">
                {a.resume ? (
                  <>
                    <a href={a.resume.href} className={linkClass} download>
                      Download {a.resume.name}
                    </a>{" "}
                    <span className="text-slate-700">
                      ({a.resume.contentType}, {formatBytes(a.resume.size)})
                    </span>
                  </>
                ) : (
                  "Removed"
                )}
                {a.resume?.previewHref ? (
                  // No sandbox attribute: Chromium and Safari refuse to draw a PDF in a frame so marked. The file's answer sandboxes it instead (decision 052).
                  <iframe
                    src={a.resume.previewHref}
                    title={`Preview of ${a.resume.name}`}
                    loading="lazy"
                    className="mt-3 block h-[36rem] max-h-[75vh] w-full rounded-lg border border-slate-300 bg-slate-100"
                  />
                ) : null}
              </Field>
              <Field label="Cover letter">{a.coverLetter ? <span className="whitespace-pre-wrap">{a.coverLetter}</span> : "—"}</Field>
              <Field label="Consent">
                Given <LocalTime value={a.consentAt} /> (wording {a.consentVersion})
              </Field>
              <Field label="Keep in mind for future roles">
                {a.futureRolesConsentAt ? (
                  <>
                    Yes, since <LocalTime value={a.futureRolesConsentAt} />
                  </>
                ) : (
                  "No"
                )}
              </Field>
            </dl>
          </section>
          {a.anonymisedAt ? (
            <p role="note" className="rounded-lg border border-slate-400 bg-slate-50 p-3">
              Anonymised <LocalTime value={a.anonymisedAt} />: the candidate&apos;s details, answers and resume were removed. The stage, dates, job and source
              remain.
            </p>
          ) : (
            <p>
              <Link to={`/staff/applications/${a.id}/candidate`} className={linkClass}>
                Export or erase this candidate&apos;s data
              </Link>
            </p>
          )}
          <ApplicationAnswers answers={a.answers} meetsRequirements={a.meetsRequirements} />
        </div>
        <div className="space-y-8">
          <InboxForms
            status={a.status}
            labels={applicationStatusLabels}
            answer={actionData}
            historyLength={timeline.length}
            noteMaxLength={noteMaxLength}
            statusForm={
              <div className="space-y-4">
                {pendingRejection ? <PendingRejectionNotice pending={pendingRejection} answer={actionData} /> : null}
                <MoveToStageForm key={a.status} applicationId={a.id} current={a.status} />
              </div>
            }
          />
        </div>
      </div>
      <InboxHistory entries={timeline} labels={applicationStatusLabels} className="mt-8" />
      <div className="mt-8">
        <InboxSource attribution={a.attribution} />
      </div>
      <InboxEmails deliveries={deliveries} names={applicationEmailNames} className="mt-8" />
    </>
  );
}
