import { Link } from "react-router";
import { NO_SOURCE_LABEL } from "#app/features/attribution/attribution.ts";
import type { Route } from "./+types/staff.events";
import { eventPagePath } from "#app/features/events/event-paths.ts";
import { allEventStatuses, eventRegistrationLabels } from "#app/features/staff/events/labels.ts";
import { loadEventRegistrations } from "#app/features/staff/events/registrations.server.ts";
import { ListFilters, ListRecordFilter, ListResults } from "#app/features/staff/list-ui.tsx";
import { LocalTime } from "#app/features/staff/staff-time.tsx";
import { StatusBadge } from "#app/features/staff/inbox-ui.tsx";
import { EmailLink, PageHeading, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";

export const loader = (args: Route.LoaderArgs) => loadEventRegistrations(args);

export const meta: Route.MetaFunction = () => staffMeta("Event registrations");

const statusOptions = allEventStatuses.map((value) => ({ value, label: eventRegistrationLabels[value] }));

export default function EventRegistrations({ loaderData }: Route.ComponentProps) {
  const { list, search, status, source, event, events, filters } = loaderData;
  return (
    <>
      <PageHeading title="Event registrations">
        Who registered for each event, who waits for a place, and who asked to hear about the next edition. A place that opens goes to the waiting list in the
        order people joined it: open the person's registration and give them the place, which emails their confirmation. Editors write the editions themselves,
        under Event editions.
      </PageHeading>
      <ul className="mb-8 grid gap-4 sm:grid-cols-2">
        {list.summaries.map((event) => (
          <li key={event.id} className="rounded-xl border border-slate-200 bg-white p-5">
            <h2 className="font-semibold text-ink">
              <Link to={eventPagePath(event.slug)} className={linkClass}>
                {event.title}
              </Link>
            </h2>
            <p className="text-sm text-slate-700">
              <LocalTime value={event.startsAt} />
            </p>
            <p className="mt-2 text-slate-800">
              {event.registered} of {event.capacity} places taken · {event.waitlisted} on the waiting list · {event.nextEdition} asked about the next edition
            </p>
          </li>
        ))}
      </ul>
      <ListFilters
        search={search}
        searchLabel="Search name, email, company or reference"
        status={status ?? undefined}
        statuses={statusOptions}
        source={source}
        exportHref={`/staff/events/export.csv${filters ? `?${filters}` : ""}`}
      >
        <ListRecordFilter name="event" label="Event" allLabel="All events" value={event} options={events} />
      </ListFilters>
      <ListResults
        list={list}
        filters={filters}
        one="registration"
        many="registrations"
        empty={filters ? "No registrations match." : "No registrations yet."}
        caption="Registrations, newest first"
        columns={["Name", "Email", "Company and role", "Event", "Place", "Reference", "Registered", "Source"]}
        row={(row) => [
          <Link to={`/staff/events/registrations/${row.id}`} className={`${linkClass} inline-block py-2`}>
            {row.fullName}
          </Link>,
          <EmailLink email={row.email} />,
          [row.company, row.role].filter(Boolean).join(", ") || "Not given",
          row.event,
          <StatusBadge status={row.status} labels={eventRegistrationLabels} />,
          { content: row.reference, className: "whitespace-nowrap font-mono" },
          { content: <LocalTime value={row.registeredAt} />, className: "whitespace-nowrap" },
          { content: row.attribution?.source ?? NO_SOURCE_LABEL, className: "break-all" },
        ]}
      />
    </>
  );
}
