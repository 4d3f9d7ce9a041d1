import { Form, Link } from "react-router";
import type { Route } from "./+types/staff.events.registrations.$id";
import { eventPagePath } from "#app/features/events/event-paths.ts";
import { eventRegistrationEmailNames, eventRegistrationLabels } from "#app/features/staff/events/labels.ts";
import { registrationInbox } from "#app/features/staff/events/registrations.server.ts";
import { inboxRecordAction, loadInboxRecord } from "#app/features/staff/inbox-page.server.ts";
import {
  InboxDetails,
  InboxEmails,
  InboxForms,
  InboxHistory,
  InboxSource,
  StatusBadge,
  detailTermClass,
  revalidateAfterConflict,
} from "#app/features/staff/inbox-ui.tsx";
import { LocalTime } from "#app/features/staff/staff-time.tsx";
import { EmailLink, RecordPageHeader, buttonClass, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";

export async function loader(args: Route.LoaderArgs) {
  return loadInboxRecord(args, registrationInbox);
}

export async function action(args: Route.ActionArgs) {
  return inboxRecordAction(args, registrationInbox);
}

export const meta: Route.MetaFunction = ({ loaderData }) => staffMeta(loaderData ? `Registration ${loaderData.registration.reference}` : "Event registration");

export const shouldRevalidate = revalidateAfterConflict;

export default function RegistrationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { registration: r, timeline, deliveries, done, noteMaxLength } = loaderData;
  return (
    <>
      <RecordPageHeader back={{ to: "/staff/events", label: "All event registrations" }} title={r.fullName} done={done} answer={actionData}>
        Registration <span className="font-mono">{r.reference}</span> for {r.event}. Status: <StatusBadge status={r.status} labels={eventRegistrationLabels} />
      </RecordPageHeader>
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div className="space-y-8">
          <InboxDetails>
            <dt className={detailTermClass}>Event</dt>
            <dd>
              <Link to={eventPagePath(r.eventSlug)} className={linkClass}>
                {r.event}
              </Link>
              , <LocalTime value={r.eventStartsAt} />
            </dd>
            <dt className={detailTermClass}>Reference</dt>
            <dd className="font-mono">{r.reference}</dd>
            <dt className={detailTermClass}>Full name</dt>
            <dd>{r.fullName}</dd>
            <dt className={detailTermClass}>Email</dt>
            <dd>
              <EmailLink email={r.email} />
            </dd>
            <dt className={detailTermClass}>Company</dt>
            <dd>{r.company ?? "Not given"}</dd>
            <dt className={detailTermClass}>Role</dt>
            <dd>{r.role ?? "Not given"}</dd>
            <dt className={detailTermClass}>Registered</dt>
            <dd>
              <LocalTime value={r.registeredAt} />
            </dd>
            <dt className={detailTermClass}>Consent</dt>
            <dd>
              Given <LocalTime value={r.consentAt} /> (wording {r.consentVersion})
            </dd>
          </InboxDetails>
          <InboxSource attribution={r.attribution} />
          <InboxEmails deliveries={deliveries} names={eventRegistrationEmailNames} />
        </div>
        <div className="space-y-8">
          {r.status === "waitlisted" ? (
            <section aria-labelledby="place-heading" className="rounded-xl border border-slate-300 bg-white p-5">
              <h2 id="place-heading" className="mb-2 text-lg font-bold">
                Give a place
              </h2>
              <p className="mb-4 text-sm text-slate-700">
                Moves {r.fullName} from the waiting list to a place, if the edition has one free, and emails their confirmation with the calendar invitation.
              </p>
              <Form method="post">
                <input type="hidden" name="intent" value="give-place" />
                <button type="submit" className={buttonClass}>
                  Give {r.fullName} a place
                </button>
              </Form>
            </section>
          ) : null}
          <InboxForms status={r.status} labels={eventRegistrationLabels} answer={actionData} historyLength={timeline.length} noteMaxLength={noteMaxLength} />
          <InboxHistory entries={timeline} labels={eventRegistrationLabels} />
        </div>
      </div>
    </>
  );
}
