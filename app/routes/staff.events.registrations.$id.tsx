import { Link } from "react-router";
import type { Route } from "./+types/staff.events.registrations.$id";
import { eventRegistrationEmailNames, eventRegistrationLabels } from "#app/features/staff/events/labels.ts";
import { registrationInbox } from "#app/features/staff/events/registrations.server.ts";
import { inboxRecordAction, loadInboxRecord } from "#app/features/staff/inbox-page.server.ts";
import {
  InboxEmails,
  InboxForms,
  InboxHistory,
  InboxSection,
  InboxSource,
  StatusBadge,
  cardClass,
  revalidateAfterConflict,
} from "#app/features/staff/inbox-ui.tsx";
import { LocalTime } from "#app/features/staff/list-ui.tsx";
import { EmailLink, RecordPageHeader, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";

export async function loader(args: Route.LoaderArgs) {
  return loadInboxRecord(args, registrationInbox);
}

export async function action(args: Route.ActionArgs) {
  return inboxRecordAction(args, registrationInbox);
}

export const meta: Route.MetaFunction = ({ loaderData }) => staffMeta(loaderData ? `Registration ${loaderData.registration.reference}` : "Event registration");

export const shouldRevalidate = revalidateAfterConflict;

const termClass = "text-sm font-semibold text-slate-700";

export default function RegistrationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { registration: r, timeline, deliveries, done, noteMaxLength } = loaderData;
  return (
    <>
      <RecordPageHeader back={{ to: "/staff/events", label: "All event registrations" }} title={r.fullName} done={done} answer={actionData}>
        Registration <span className="font-mono">{r.reference}</span> for {r.event}. Status: <StatusBadge status={r.status} labels={eventRegistrationLabels} />
      </RecordPageHeader>
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div className="space-y-8">
          <InboxSection id="details" title="Details" className={cardClass}>
            <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
              <dt className={termClass}>Event</dt>
              <dd>
                <Link to={`/${r.eventSlug}`} className={linkClass}>
                  {r.event}
                </Link>
                , <LocalTime value={r.eventStartsAt} />
              </dd>
              <dt className={termClass}>Reference</dt>
              <dd className="font-mono">{r.reference}</dd>
              <dt className={termClass}>Full name</dt>
              <dd>{r.fullName}</dd>
              <dt className={termClass}>Email</dt>
              <dd>
                <EmailLink email={r.email} />
              </dd>
              <dt className={termClass}>Company</dt>
              <dd>{r.company ?? "Not given"}</dd>
              <dt className={termClass}>Role</dt>
              <dd>{r.role ?? "Not given"}</dd>
              <dt className={termClass}>Registered</dt>
              <dd>
                <LocalTime value={r.registeredAt} />
              </dd>
              <dt className={termClass}>Consent</dt>
              <dd>
                Given <LocalTime value={r.consentAt} /> (wording {r.consentVersion})
              </dd>
            </dl>
          </InboxSection>
          <InboxSource attribution={r.attribution} />
          <InboxEmails deliveries={deliveries} names={eventRegistrationEmailNames} />
        </div>
        <div className="space-y-8">
          <InboxForms status={r.status} labels={eventRegistrationLabels} answer={actionData} historyLength={timeline.length} noteMaxLength={noteMaxLength} />
          <InboxHistory entries={timeline} labels={eventRegistrationLabels} />
        </div>
      </div>
    </>
  );
}
