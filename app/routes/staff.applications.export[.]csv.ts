import type { Route } from "./+types/staff.applications.export[.]csv";
import { attributionCsvColumns } from "#app/features/attribution/attribution.server.ts";
import { answersAsText, answersOf } from "#app/features/careers/job-questions.ts";
import { exportPage, readApplicationQuery } from "#app/features/staff/applications.server.ts";
import { auditedListExport, inPages } from "#app/features/staff/csv.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

type Row = Awaited<ReturnType<typeof exportPage>>[number];

const columns = [
  { header: "id", value: (row: Row) => row.id },
  { header: "applied at", value: (row: Row) => row.createdAt },
  { header: "status", value: (row: Row) => row.status },
  { header: "reference", value: (row: Row) => row.reference },
  { header: "position", value: (row: Row) => row.position },
  { header: "full name", value: (row: Row) => row.fullName },
  { header: "email", value: (row: Row) => row.email },
  { header: "phone", value: (row: Row) => row.phone },
  { header: "years of experience", value: (row: Row) => row.yearsExperience },
  { header: "portfolio", value: (row: Row) => row.portfolioUrl },
  { header: "resume name", value: (row: Row) => row.resumeName },
  { header: "meets requirements", value: (row: Row) => (row.meetsRequirements ? "yes" : "no") },
  { header: "answers to the job's questions", value: (row: Row) => answersAsText(answersOf(row.answers)) },
  ...attributionCsvColumns<Row>(),
];

/** The list's applications with its filters, as CSV; who exported what (never whom) goes in the audit log. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireStaff(context, request, "applications");
  const query = readApplicationQuery(request);
  const { db } = await servicesOf(context);
  return auditedListExport(
    db,
    {
      list: "applications",
      actor: user,
      ipAddress: clientAddressOf(context),
      filters: { search: query.search !== "", status: query.status, job: query.job, source: query.source, unmet: query.unmet },
    },
    columns,
    inPages((beforeId, size) => exportPage(db, query, beforeId, size)),
  );
}
