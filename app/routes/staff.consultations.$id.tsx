import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/staff.consultations.$id";
import { formatBytes } from "#app/features/forms/form-rules.ts";
import { consultationEmailNames, consultationStatusLabels } from "#app/features/staff/consultations/labels.ts";
import { consultationExists, openConsultation } from "#app/features/staff/consultations/consultations.server.ts";
import { doneMessage, inboxAction } from "#app/features/staff/inbox-action.server.ts";
import { NOTE_MAX_LENGTH } from "#app/features/staff/inbox.server.ts";
import { DeliveryList, InboxForms, InboxSection, StatusBadge, TimelineList, cardClass } from "#app/features/staff/inbox-ui.tsx";
import { LocalTime } from "#app/features/staff/list-ui.tsx";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { BackLink, FormNotice, PageHeading, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { parseRecordId } from "#app/platform/db/schema.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

const NOT_FOUND = "There is no such consultation request.";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  requireStaff(context, request, "consultations");
  const id = parseRecordId(params.id);
  const { db } = await servicesOf(context);
  const opened = id === null ? null : await openConsultation(db, id);
  if (!opened) throw data(NOT_FOUND, { status: 404 });
  return { ...opened, done: doneMessage(url), noteMaxLength: NOTE_MAX_LENGTH };
}

export async function action({ request, context, params, url }: Route.ActionArgs) {
  const user = requireStaff(context, request, "consultations");
  const id = parseRecordId(params.id);
  if (id === null || !(await consultationExists((await servicesOf(context)).db, id))) throw data(NOT_FOUND, { status: 404 });
  return inboxAction({ request, context, url }, user, { type: "consultation", id }, consultationStatusLabels);
}

export const meta: Route.MetaFunction = ({ loaderData }) => staffMeta(loaderData ? `Consultation from ${loaderData.consultation.fullName}` : "Consultation");

/** After a refused status change, show the status as it is now, as the conflict message promises. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

const termClass = "text-sm font-semibold text-slate-700";

export default function ConsultationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { consultation, attachments, timeline, deliveries, done, noteMaxLength } = loaderData;
  return (
    <>
      <BackLink to="/staff/consultations">Back to all consultations</BackLink>
      <PageHeading title={consultation.fullName}>
        <p>
          Consultation request, submitted <LocalTime value={consultation.submittedAt} />. Status:{" "}
          <StatusBadge status={consultation.status} labels={consultationStatusLabels} />
        </p>
      </PageHeading>
      {done && !actionData ? <FormNotice answer={{ status: "success", messages: [done] }} /> : null}
      <FormNotice answer={actionData} />
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div className="space-y-8">
          <InboxSection id="details" title="Details" className={cardClass}>
            <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
              <dt className={termClass}>Full name</dt>
              <dd>{consultation.fullName}</dd>
              <dt className={termClass}>Email</dt>
              <dd className="break-all">
                <a href={`mailto:${consultation.email}`} className={linkClass}>
                  {consultation.email}
                </a>
              </dd>
              <dt className={termClass}>Phone</dt>
              <dd>{consultation.phone}</dd>
              <dt className={termClass}>Country</dt>
              <dd>{consultation.country}</dd>
              <dt className={termClass}>Submitted</dt>
              <dd>
                <LocalTime value={consultation.submittedAt} />
              </dd>
            </dl>
            <h3 className="mt-5 mb-2 text-base font-bold text-ink">Project brief</h3>
            <p className="break-words whitespace-pre-wrap">{consultation.projectBrief}</p>
            <p className="mt-5">
              <a href={`mailto:${consultation.email}?subject=${encodeURIComponent("Your consultation request")}`} className={linkClass}>
                Reply to {consultation.fullName} by email
              </a>
            </p>
          </InboxSection>
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
          <InboxSection id="emails" title="Emails">
            <DeliveryList deliveries={deliveries} names={consultationEmailNames} />
          </InboxSection>
        </div>
        <div className="space-y-8">
          <InboxForms
            status={consultation.status}
            labels={consultationStatusLabels}
            answer={actionData}
            historyLength={timeline.length}
            noteMaxLength={noteMaxLength}
          />
          <InboxSection id="history" title="History">
            <TimelineList entries={timeline} labels={consultationStatusLabels} />
          </InboxSection>
        </div>
      </div>
    </>
  );
}
