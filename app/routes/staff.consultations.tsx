import { Link } from "react-router";
import type { Route } from "./+types/staff.consultations";
import { consultationStatusLabels } from "#app/features/staff/consultations/labels.ts";
import { listConsultations } from "#app/features/staff/consultations/consultations.server.ts";
import { StatusBadge, UnreadMark } from "#app/features/staff/inbox-ui.tsx";
import { readListQuery } from "#app/features/staff/list-query.server.ts";
import { EmptyList, ListFilters, ListPages, LocalTime, formatTotal } from "#app/features/staff/list-ui.tsx";
import { ListTable, cellClass } from "#app/features/staff/table-ui.tsx";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { EmailLink, PageHeading, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { consultationStatuses } from "#app/platform/db/schema.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, "consultations");
  const query = readListQuery(request, consultationStatuses);
  const { db } = await servicesOf(context);
  const list = await listConsultations(db, query);
  return { ...list, search: query.search, status: query.status, filters: query.filters.toString() };
}

export const meta: Route.MetaFunction = () => staffMeta("Consultations");

const statusOptions = Object.entries(consultationStatusLabels).map(([value, label]) => ({ value, label }));

export default function Consultations({ loaderData }: Route.ComponentProps) {
  const { rows, total, newer, older, newCount, search, status, filters } = loaderData;
  const filtered = search !== "" || status !== null;
  return (
    <>
      <PageHeading title="Consultations">
        <p>
          <strong>{newCount.toLocaleString("en-GB")} new</strong>
          {newCount > 0 && status !== "new" ? (
            <>
              {" "}
              ·{" "}
              <Link to="?status=new" className={linkClass}>
                Show only new requests
              </Link>
            </>
          ) : null}
        </p>
      </PageHeading>
      <ListFilters
        search={search}
        searchLabel="Search name, email or brief"
        status={status ?? undefined}
        statuses={statusOptions}
        exportHref={`/staff/consultations/export.csv${filters ? `?${filters}` : ""}`}
      />
      {rows.length === 0 ? (
        <EmptyList>{filtered ? "No consultation requests match." : "No consultation requests yet."}</EmptyList>
      ) : (
        <ListTable
          caption={`${filtered ? "Matching consultation requests" : "Consultation requests"}, newest first: ${formatTotal(total)}`}
          columns={["Name", "Email", "Country", "Submitted", "Status", "Files"]}
        >
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row" className={`${cellClass} font-normal`}>
                <Link to={`/staff/consultations/${row.id}`} className={`${linkClass} inline-block py-2`}>
                  {row.fullName}
                </Link>
                <UnreadMark readAt={row.readAt} />
              </th>
              <td className={cellClass}>
                <EmailLink email={row.email} />
              </td>
              <td className={cellClass}>{row.country}</td>
              <td className={`${cellClass} whitespace-nowrap`}>
                <LocalTime value={row.submittedAt} />
              </td>
              <td className={cellClass}>
                <StatusBadge status={row.status} labels={consultationStatusLabels} />
              </td>
              <td className={cellClass}>{row.attachments}</td>
            </tr>
          ))}
        </ListTable>
      )}
      <ListPages newer={newer} older={older} filters={filters} />
    </>
  );
}
