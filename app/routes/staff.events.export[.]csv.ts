import type { Route } from "./+types/staff.events.export[.]csv";
import { attributionCsvColumns } from "#app/features/attribution/attribution.server.ts";
import { auditedListExport } from "#app/features/staff/csv.server.ts";
import { eventRegistrationLabels } from "#app/features/staff/events/labels.ts";
import { allRegistrations, readRegistrationQuery, type Registration } from "#app/features/staff/events/registrations.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

/** The registrations the list shows for the same search and kind, as a CSV file. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireStaff(context, request, "events");
  const query = readRegistrationQuery(request);
  const { db } = await servicesOf(context);
  return auditedListExport(
    db,
    { list: "event-registrations", actor: user, ipAddress: clientAddressOf(context), filters: { filtered: query.filters.size > 0 } },
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
    allRegistrations(db, query),
  );
}
