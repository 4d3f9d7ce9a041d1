import { Link } from "react-router";
import { NO_SOURCE_LABEL } from "#app/features/attribution/attribution.ts";
import type { Route } from "./+types/staff.events";
import { allEventStatuses, eventRegistrationLabels } from "#app/features/staff/events/labels.ts";
import { loadEventRegistrations } from "#app/features/staff/events/registrations.server.ts";
import { ListFilters, ListResults, LocalTime } from "#app/features/staff/list-ui.tsx";
import { cellClass } from "#app/features/staff/table-ui.tsx";
import { EmailLink, PageHeading, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";

export const loader = (args: Route.LoaderArgs) => loadEventRegistrations(args);

export const meta: Route.MetaFunction = () => staffMeta("Event registrations");

const statusOptions = allEventStatuses.map((value) => ({ value, label: eventRegistrationLabels[value] }));

export default function EventRegistrations({ loaderData }: Route.ComponentProps) {
  const { list, search, status, source, filters } = loaderData;
  return (
    <>
      <PageHeading title="Event registrations">
        Who registered for each event, who waits for a place, and who asked to hear about the next edition. A place that opens goes to the waiting list in the
        order people joined it: email them yourself.
      </PageHeading>
      <ul className="mb-8 grid gap-4 sm:grid-cols-2">
        {list.summaries.map((event) => (
          <li key={event.id} className="rounded-xl border border-slate-200 bg-white p-5">
            <h2 className="font-semibold text-ink">
              <Link to={`/${event.slug}`} className={linkClass}>
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
      />
      <ListResults
        list={list}
        filters={filters}
        one="registration"
        many="registrations"
        empty={search || status || source ? "No registrations match." : "No registrations yet."}
        caption="Registrations, newest first"
        columns={["Name", "Email", "Company and role", "Event", "Place", "Reference", "Registered", "Source"]}
        row={(row) => (
          <>
            <th scope="row" className={`${cellClass} font-normal`}>
              {row.fullName}
            </th>
            <td className={cellClass}>
              <EmailLink email={row.email} />
            </td>
            <td className={cellClass}>{[row.company, row.role].filter(Boolean).join(", ") || "Not given"}</td>
            <td className={cellClass}>{row.event}</td>
            <td className={cellClass}>{eventRegistrationLabels[row.status]}</td>
            <td className={`${cellClass} whitespace-nowrap`}>{row.reference}</td>
            <td className={`${cellClass} whitespace-nowrap`}>
              <LocalTime value={row.registeredAt} />
            </td>
            <td className={`${cellClass} break-all`}>{row.attribution?.source ?? NO_SOURCE_LABEL}</td>
          </>
        )}
      />
    </>
  );
}
