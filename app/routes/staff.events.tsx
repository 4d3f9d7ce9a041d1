import { Link } from "react-router";
import type { Route } from "./+types/staff.events";
import { allEventStatuses, eventRegistrationLabels } from "#app/features/staff/events/labels.ts";
import { eventSummaries, listRegistrations } from "#app/features/staff/events/registrations.server.ts";
import { readListQuery } from "#app/features/staff/list-query.server.ts";
import { EmptyList, ListFilters, LocalTime, Pagination } from "#app/features/staff/list-ui.tsx";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { PageHeading, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { ListCount, ListTable, cellClass } from "#app/features/staff/table-ui.tsx";
import { servicesOf } from "#app/services-context.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, "events");
  const query = readListQuery(request, allEventStatuses);
  const { db } = await servicesOf(context);
  const [summaries, list] = await Promise.all([eventSummaries(db), listRegistrations(db, { search: query.search, status: query.status }, query.page)]);
  const filters = new URLSearchParams();
  if (query.search) filters.set("q", query.search);
  if (query.status) filters.set("status", query.status);
  return { summaries, ...list, search: query.search, status: query.status, filters: filters.toString() };
}

export const meta: Route.MetaFunction = () => staffMeta("Event registrations");

const statusOptions = allEventStatuses.map((value) => ({ value, label: eventRegistrationLabels[value] }));

export default function EventRegistrations({ loaderData }: Route.ComponentProps) {
  const { summaries, rows, total, page, pages, search, status, filters } = loaderData;
  return (
    <>
      <PageHeading title="Event registrations">
        Who registered for each event, who waits for a place, and who asked to hear about the next edition. A place that opens goes to the waiting list in the
        order people joined it: email them yourself.
      </PageHeading>
      <ul className="mb-8 grid gap-4 sm:grid-cols-2">
        {summaries.map((event) => (
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
        exportHref={`/staff/events/export.csv${filters ? `?${filters}` : ""}`}
      />
      <ListCount total={total} one="registration" many="registrations" />
      {rows.length === 0 ? (
        <EmptyList>{search || status ? "No registrations match." : "No registrations yet."}</EmptyList>
      ) : (
        <ListTable caption="Registrations, newest first" columns={["Name", "Email", "Company and role", "Event", "Place", "Reference", "Registered"]}>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row" className={`${cellClass} font-normal`}>
                {row.fullName}
              </th>
              <td className={`${cellClass} break-all`}>
                <a href={`mailto:${row.email}`} className={linkClass}>
                  {row.email}
                </a>
              </td>
              <td className={cellClass}>{[row.company, row.role].filter(Boolean).join(", ") || "Not given"}</td>
              <td className={cellClass}>{row.event}</td>
              <td className={cellClass}>{eventRegistrationLabels[row.status]}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{row.reference}</td>
              <td className={`${cellClass} whitespace-nowrap`}>
                <LocalTime value={row.registeredAt} />
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      <Pagination page={page} pages={pages} params={new URLSearchParams(filters)} />
    </>
  );
}
