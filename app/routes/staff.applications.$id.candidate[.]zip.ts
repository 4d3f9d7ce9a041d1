import { data } from "react-router";
import type { Route } from "./+types/staff.applications.$id.candidate[.]zip";
import { exportCandidate } from "#app/features/retention/candidate-data.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { parseRecordId } from "#app/platform/db/schema.server.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

/** One candidate's data as a zip (a JSON and their resumes), for a request to see it; the audit log names the application, not the person. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireStaff(context, request, "applications");
  const id = parseRecordId(params.id);
  const services = await servicesOf(context);
  const exported = id === null ? null : await exportCandidate(services, id, { id: user.id, email: user.email }, clientAddressOf(context));
  if (!exported) throw data("There is no personal data to export for this application; it may have been erased or anonymised.", { status: 404 });
  return new Response(exported.zip, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${exported.fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
