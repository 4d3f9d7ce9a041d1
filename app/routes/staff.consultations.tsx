import { Link } from "react-router";
import type { Route } from "./+types/staff.consultations";
import { consultationStatusLabels } from "#app/features/staff/consultations/labels.ts";
import { listConsultations } from "#app/features/staff/consultations/consultations.server.ts";
import { StatusBadge, UnreadMark } from "#app/features/staff/inbox-ui.tsx";
import { readListQuery } from "#app/features/staff/list-query.server.ts";
import { EmptyList, ListFilters, LocalTime, Pagination } from "#app/features/staff/list-ui.tsx";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { PageHeading, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { consultationStatuses } from "#app/platform/db/schema.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, "consultations");
  const query = readListQuery(request, consultationStatuses);
  const { db } = await servicesOf(context);
  const list = await listConsultations(db, query);
  const filters = new URLSearchParams();
  if (query.search) filters.set("q", query.search);
  if (query.status) filters.set("status", query.status);
  return { ...list, search: query.search, status: query.status, page: query.page, filters: filters.toString() };
}

export const meta: Route.MetaFunction = () => staffMeta("Consultations");

const statusOptions = Object.entries(consultationStatusLabels).map(([value, label]) => ({ value, label }));

export default function Consultations({ loaderData }: Route.ComponentProps) {
  const { rows, total, pages, page, newCount, search, status, filters } = loaderData;
  const filtered = search !== "" || status !== null;
  return (
    <>
      <PageHeading title="Consultations">
        <p>
          <strong>{newCount} new</strong>
          {newCount > 0 && status !== "new" ? (
            <>
              {" "}
              · <Link to="?status=new" className={linkClass}>Show only new requests</Link>
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
        <div className="overflow-x-auto rounded-xl border border-slate-300 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="p-3 text-left text-slate-700">
              {filtered ? `${total} matching consultation requests` : `${total} consultation requests`}, newest first
            </caption>
            <thead className="border-b border-slate-300 bg-slate-100">
              <tr>
                <th scope="col" className="p-3">Name</th>
                <th scope="col" className="p-3">Email</th>
                <th scope="col" className="p-3">Country</th>
                <th scope="col" className="p-3">Submitted</th>
                <th scope="col" className="p-3">Status</th>
                <th scope="col" className="p-3">Files</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-b border-slate-200 last:border-0">
                  <th scope="row" className="p-3 font-normal">
                    <Link to={`/staff/consultations/${row.id}`} className={`${linkClass} inline-block py-2`}>
                      {row.fullName}
                    </Link>
                    <UnreadMark readAt={row.readAt} />
                  </th>
                  <td className="p-3">{row.email}</td>
                  <td className="p-3">{row.country}</td>
                  <td className="p-3 whitespace-nowrap">
                    <LocalTime value={row.submittedAt} />
                  </td>
                  <td className="p-3">
                    <StatusBadge status={row.status} labels={consultationStatusLabels} />
                  </td>
                  <td className="p-3">{row.attachments}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pages={pages} params={new URLSearchParams(filters)} />
    </>
  );
}
