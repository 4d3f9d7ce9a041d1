import type { Route } from "./+types/staff.consultations.$id";
import { formatBytes } from "#app/features/forms/form-rules.ts";
import { LeadClockText } from "#app/features/leads/lead-clock-ui.tsx";
import { consultationEmailNames, consultationStatusLabels } from "#app/features/staff/consultations/labels.ts";
import { consultationInbox } from "#app/features/staff/consultations/consultations.server.ts";
import { inboxRecordAction, loadInboxRecord } from "#app/features/staff/inbox-page.server.ts";
import {
  InboxDetails,
  InboxEmails,
  InboxForms,
  InboxHistory,
  InboxSection,
  InboxSource,
  NoteForm,
  StatusBadge,
  cardClass,
  detailTermClass,
  revalidateAfterConflict,
} from "#app/features/staff/inbox-ui.tsx";
import { LocalTime } from "#app/features/staff/staff-time.tsx";
import { ReplyForm } from "#app/features/staff/replies/reply-ui.tsx";
import { EmailLink, PhoneLink, RecordPageHeader, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { OwnerForm } from "#app/features/staff/teams/owner-form.tsx";

export async function loader(args: Route.LoaderArgs) {
  return loadInboxRecord(args, consultationInbox);
}

export async function action(args: Route.ActionArgs) {
  return inboxRecordAction(args, consultationInbox);
}

export const meta: Route.MetaFunction = ({ loaderData }) => staffMeta(loaderData ? `Consultation from ${loaderData.consultation.fullName}` : "Consultation");

export const shouldRevalidate = revalidateAfterConflict;

export default function ConsultationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { consultation, attachments, owners, timeline, deliveries, done, noteMaxLength, reply } = loaderData;
  return (
    <>
      <RecordPageHeader back={{ to: "/staff/consultations", label: "Back to all consultations" }} title={consultation.fullName} done={done} answer={actionData}>
        Consultation request <span className="font-mono">{consultation.reference}</span>, submitted <LocalTime value={consultation.submittedAt} />. Status:{" "}
        <StatusBadge status={consultation.status} labels={consultationStatusLabels} />
      </RecordPageHeader>
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div className="space-y-8">
          <InboxDetails
            after={
              <>
                <h3 className="mt-5 mb-2 text-base font-bold text-ink">Project brief</h3>
                <p className="break-words whitespace-pre-wrap">{consultation.projectBrief}</p>
              </>
            }
          >
            <dt className={detailTermClass}>Reference</dt>
            <dd className="font-mono">{consultation.reference}</dd>
            <dt className={detailTermClass}>Full name</dt>
            <dd>{consultation.fullName}</dd>
            <dt className={detailTermClass}>Email</dt>
            <dd>
              <EmailLink email={consultation.email} />
            </dd>
            <dt className={detailTermClass}>Phone</dt>
            <dd>
              <PhoneLink phone={consultation.phone} />
            </dd>
            <dt className={detailTermClass}>Country</dt>
            <dd>{consultation.country}</dd>
            <dt className={detailTermClass}>Submitted</dt>
            <dd>
              <LocalTime value={consultation.submittedAt} />
            </dd>
            <dt className={detailTermClass}>First response due</dt>
            <dd>
              <LocalTime value={consultation.dueAt} />
            </dd>
            <dt className={detailTermClass}>Response</dt>
            <dd>
              <LeadClockText clock={consultation.clock} />
            </dd>
          </InboxDetails>
          {reply ? (
            <InboxSection id="reply" title={`Reply to ${consultation.fullName}`} className={cardClass}>
              <ReplyForm reply={reply} answer={actionData} historyLength={timeline.length} />
            </InboxSection>
          ) : null}
          <InboxSection id="files" title="Attachments">
            {attachments.length === 0 ? (
              <p className="text-slate-700">No files were attached.</p>
            ) : (
              <ul className="space-y-2">
                {attachments.map((file) => (
                  <li key={file.href} className="rounded-lg border border-slate-300 bg-white p-3">
                    <a href={file.href} className={`${linkClass} inline-block py-2 break-all`}>
                      {file.name}
                    </a>
                    <p className="text-sm text-slate-700">
                      {file.contentType}, {formatBytes(file.size)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </InboxSection>
          <InboxSource attribution={consultation.attribution} />
          <InboxEmails deliveries={deliveries} names={consultationEmailNames} />
        </div>
        <div className="space-y-8">
          <InboxSection id="owner" title="Owner" className={cardClass}>
            <OwnerForm
              key={consultation.ownerId ?? ""}
              ownerId={consultation.ownerId}
              ownerName={consultation.ownerName}
              teamName={consultation.teamName}
              owners={owners}
              answer={actionData}
            />
          </InboxSection>
          <InboxForms
            status={consultation.status}
            labels={consultationStatusLabels}
            answer={actionData}
            historyLength={timeline.length}
            noteMaxLength={noteMaxLength}
          />
          <InboxSection id="call" title="Log a call" className={cardClass}>
            <NoteForm
              key={timeline.length}
              answer={actionData}
              maxLength={noteMaxLength}
              intent="call"
              field="callNote"
              label="What was said"
              button="Log call"
            />
          </InboxSection>
          <InboxHistory entries={timeline} labels={consultationStatusLabels} />
        </div>
      </div>
    </>
  );
}
