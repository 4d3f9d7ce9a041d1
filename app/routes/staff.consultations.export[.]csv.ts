import type { Route } from "./+types/staff.consultations.export[.]csv";
import { exportConsultations, readOwnerView } from "#app/features/staff/consultations/consultations.server.ts";
import { readListQuery } from "#app/features/staff/list-query.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { consultationStatuses } from "#app/platform/db/schema.server.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

/** The consultations the list's search, status, source and owner select, as CSV. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireStaff(context, request, "consultations");
  const query = readListQuery(request, consultationStatuses);
  const { db } = await servicesOf(context);
  return exportConsultations(
    db,
    { search: query.search, status: query.status, source: query.source, owner: readOwnerView(query, user) },
    user,
    clientAddressOf(context),
  );
}
