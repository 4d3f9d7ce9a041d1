import { Link } from "react-router";
import { NO_SOURCE_LABEL } from "#app/features/attribution/attribution.ts";
import type { Route } from "./+types/staff.subscribers";
import { loadStaffList } from "#app/features/staff/list-page.server.ts";
import { ListFilters, ListResults } from "#app/features/staff/list-ui.tsx";
import { LocalTime } from "#app/features/staff/staff-time.tsx";
import { EmailLink, FormNotice, PageHeading, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { listSubscribers } from "#app/features/staff/subscribers.server.ts";

const notices: Record<string, string> = {
  erased: "The subscriber is erased. The audit log records the erasure without the address.",
};

export async function loader(args: Route.LoaderArgs) {
  const loaded = await loadStaffList(args, "subscribers", [], (db, query) => listSubscribers(db, query.search, query.cursor, query.source));
  return {
    ...loaded,
    exportHref: `/staff/subscribers/export.csv${loaded.filters ? `?${loaded.filters}` : ""}`,
    notice: notices[new URL(args.request.url).searchParams.get("notice") ?? ""] ?? null,
  };
}

export const meta: Route.MetaFunction = () => staffMeta("Newsletter subscribers");

export default function Subscribers({ loaderData }: Route.ComponentProps) {
  const { list, search, source, filters, exportHref, notice } = loaderData;
  return (
    <>
      <PageHeading title="Newsletter subscribers">
        Everyone who subscribed to the newsletter, newest first, with the consent they gave. Send the newsletter only to confirmed addresses.
      </PageHeading>
      {notice ? <FormNotice answer={{ status: "success", messages: [notice] }} /> : null}
      <ListFilters search={search} searchLabel="Search by email" source={source} exportHref={exportHref} />
      <ListResults
        list={list}
        filters={filters}
        one="subscriber"
        many="subscribers"
        empty="No subscribers match."
        caption="Subscribers"
        columns={["Email", "Subscribed", "Confirmed", "Consent given", "Consent wording", "Source", "Erasure"]}
        row={(row) => [
          <EmailLink email={row.email} />,
          <LocalTime value={row.subscribedAt} />,
          row.confirmedAt ? <LocalTime value={row.confirmedAt} /> : "Awaiting confirmation",
          row.consentAt ? <LocalTime value={row.consentAt} /> : "Not recorded",
          row.consentVersion ?? "Not recorded",
          { content: row.attribution?.source ?? NO_SOURCE_LABEL, className: "break-all" },
          <Link to={`/staff/subscribers/${row.id}/erase`} className={`${linkClass} inline-flex min-h-11 items-center`}>
            Erase<span className="sr-only"> {row.email}</span>
          </Link>,
        ]}
      />
    </>
  );
}
