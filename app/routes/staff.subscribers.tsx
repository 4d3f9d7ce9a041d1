import { Link } from "react-router";
import type { Route } from "./+types/staff.subscribers";
import { EmptyList, ListFilters, LocalTime, Pagination } from "#app/features/staff/list-ui.tsx";
import { readListQuery } from "#app/features/staff/list-query.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { FormNotice, PageHeading, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { listSubscribers } from "#app/features/staff/subscribers.server.ts";
import { ListCount, ListTable, cellClass } from "#app/features/staff/table-ui.tsx";
import { servicesOf } from "#app/services-context.server.ts";

const notices: Record<string, string> = {
  erased: "The subscriber is erased. The audit log records the erasure without the address.",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, "subscribers");
  const query = readListQuery(request);
  const { db } = await servicesOf(context);
  const list = await listSubscribers(db, query.search, query.page);
  const exportParams = new URLSearchParams(query.search ? { q: query.search } : {});
  return {
    ...list,
    search: query.search,
    params: query.params.toString(),
    exportHref: `/staff/subscribers/export.csv${exportParams.size ? `?${exportParams}` : ""}`,
    notice: notices[query.params.get("notice") ?? ""] ?? null,
  };
}

export const meta: Route.MetaFunction = () => staffMeta("Newsletter subscribers");

export default function Subscribers({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pages, search, params, exportHref, notice } = loaderData;
  const pageParams = new URLSearchParams(params);
  pageParams.delete("notice");
  return (
    <>
      <PageHeading title="Newsletter subscribers">
        Everyone who subscribed to the newsletter, newest first, with the consent they gave. Send the newsletter only to confirmed addresses.
      </PageHeading>
      {notice ? <FormNotice answer={{ status: "success", messages: [notice] }} /> : null}
      <ListFilters search={search} searchLabel="Search by email" exportHref={exportHref} />
      <ListCount total={total} one="subscriber" many="subscribers" />
      {rows.length === 0 ? (
        <EmptyList>No subscribers match.</EmptyList>
      ) : (
        <ListTable caption="Subscribers" columns={["Email", "Subscribed", "Confirmed", "Consent given", "Consent wording", "Erasure"]}>
          {rows.map((row) => (
            <tr key={row.id}>
              <td className={`${cellClass} break-all`}>{row.email}</td>
              <td className={cellClass}>
                <LocalTime value={row.subscribedAt} />
              </td>
              <td className={cellClass}>{row.confirmedAt ? <LocalTime value={row.confirmedAt} /> : "Awaiting confirmation"}</td>
              <td className={cellClass}>{row.consentAt ? <LocalTime value={row.consentAt} /> : "Not recorded"}</td>
              <td className={cellClass}>{row.consentVersion ?? "Not recorded"}</td>
              <td className={cellClass}>
                <Link to={`/staff/subscribers/${row.id}/erase`} className={`${linkClass} inline-flex min-h-11 items-center`}>
                  Erase<span className="sr-only"> {row.email}</span>
                </Link>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      <Pagination page={page} pages={pages} params={pageParams} />
    </>
  );
}
