import type { Route } from "./+types/staff.events.export[.]csv";
import { attributionCsvColumns } from "#app/features/attribution/attribution.server.ts";
import { audit } from "#app/features/staff/audit.server.ts";
import { csvFileName, csvResponse } from "#app/features/staff/csv.server.ts";
import { allEventStatuses, eventRegistrationLabels } from "#app/features/staff/events/labels.ts";
import { allRegistrations, type Registration } from "#app/features/staff/events/registrations.server.ts";
import { readListQuery } from "#app/features/staff/list-query.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

/** The registrations the list shows for the same search and kind, as a CSV file. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireStaff(context, request, "events");
  const query = readListQuery(request, allEventStatuses);
  const { db } = await servicesOf(context);
  await audit(db, {
    actor: { id: user.id, email: user.email },
    action: "export",
    detail: { list: "event-registrations", filtered: query.search !== "" || query.status !== null || query.source !== null },
    ipAddress: clientAddressOf(context),
  });
  return csvResponse(
    csvFileName("event-registrations"),
    [
      { header: "Event", value: (row) => row.event },
      { header: "Place", value: (row) => eventRegistrationLabels[row.status] },
      { header: "Full name", value: (row) => row.fullName },
      { header: "Email", value: (row) => row.email },
      { header: "Company", value: (row) => row.company },
      { header: "Role", value: (row) => row.role },
      { header: "Reference", value: (row) => row.reference },
      { header: "Registered at (UTC)", value: (row) => row.registeredAt },
      { header: "Consent wording version", value: (row) => row.consentVersion },
      ...attributionCsvColumns<Registration>(),
    ],
    allRegistrations(db, { search: query.search, status: query.status, source: query.source }),
  );
}
