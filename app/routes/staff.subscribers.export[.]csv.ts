import type { Route } from "./+types/staff.subscribers.export[.]csv";
import { attributionCsvColumns } from "#app/features/attribution/attribution.server.ts";
import { auditedListExport } from "#app/features/staff/csv.server.ts";
import { readListQuery } from "#app/features/staff/list-query.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { allSubscribers, type Subscriber } from "#app/features/staff/subscribers.server.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

/** The subscribers the list shows for the same search, as a CSV file. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireStaff(context, request, "subscribers");
  const query = readListQuery(request);
  const { db } = await servicesOf(context);
  return auditedListExport(
    db,
    { list: "subscribers", actor: user, ipAddress: clientAddressOf(context), filters: { filtered: query.search !== "" || query.source !== null } },
    [
      { header: "Email", value: (row) => row.email },
      { header: "Subscribed at (UTC)", value: (row) => row.subscribedAt },
      // Empty: the address never confirmed, and gets no newsletter.
      { header: "Confirmed at (UTC)", value: (row) => row.confirmedAt },
      { header: "Consent given at (UTC)", value: (row) => row.consentAt },
      { header: "Consent wording version", value: (row) => row.consentVersion },
      ...attributionCsvColumns<Subscriber>(),
    ],
    allSubscribers(db, query.search, query.source),
  );
}
