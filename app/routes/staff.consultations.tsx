import { Link } from "react-router";
import type { Route } from "./+types/staff.consultations";
import { NO_SOURCE_LABEL } from "#app/features/attribution/attribution.ts";
import { consultationSortLabels, consultationStatusLabels } from "#app/features/staff/consultations/labels.ts";
import { listConsultations, readConsultationSort, readOwnerView } from "#app/features/staff/consultations/consultations.server.ts";
import { LeadClockText } from "#app/features/leads/lead-clock-ui.tsx";
import { StatusBadge, UnreadMark } from "#app/features/staff/inbox-ui.tsx";
import { readListQuery } from "#app/features/staff/list-query.server.ts";
import { EmptyList, ListFilters, ListPages, formatTotal } from "#app/features/staff/list-ui.tsx";
import { LocalTime } from "#app/features/staff/staff-time.tsx";
import { ListRow, ListTable } from "#app/features/staff/table-ui.tsx";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { EmailLink, PageHeading, inputClass, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { leadOwners } from "#app/features/staff/teams/teams.server.ts";
import { consultationStatuses } from "#app/platform/db/schema.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireStaff(context, request, "consultations");
  const query = readListQuery(request, consultationStatuses);
  const sort = readConsultationSort(query.params);
  if (sort !== "newest") query.filters.set("sort", sort);
  const owner = readOwnerView(query, user);
  const { db } = await servicesOf(context);
  const [list, owners] = await Promise.all([listConsultations(db, { ...query, sort, owner, viewerId: user.id }), leadOwners(db)]);
  return {
    ...list,
    search: query.search,
    status: query.status,
    source: query.source,
    owner: query.params.get("owner") ?? "",
    owners,
    sort,
    filters: query.filters.toString(),
  };
}

export const meta: Route.MetaFunction = () => staffMeta("Consultations");

/** The views a member of staff switches between most: everyone's leads, their own, and those nobody owns yet. */
const ownerViews = [
  { owner: "", label: "All leads" },
  { owner: "mine", label: "Mine" },
  { owner: "none", label: "Unassigned" },
];

const statusOptions = Object.entries(consultationStatusLabels).map(([value, label]) => ({ value, label }));

/** A queue's pages go forward and back, not to newer and older requests. */
const queuePages = { newer: "Previous", older: "Next" };

/** How the table's caption names each order. */
const sortCaptions = { newest: "newest first", urgent: "most urgent first, answered ones after", waiting: "longest waiting first, answered ones after" };

export default function Consultations({ loaderData }: Route.ComponentProps) {
  const { rows, total, newer, older, newCount, search, status, source, owner, owners, sort, filters } = loaderData;
  const filtered = search !== "" || status !== null || source !== null || owner !== "";
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
        <nav aria-label="Views" className="mt-2">
          <ul className="flex flex-wrap gap-x-6">
            {ownerViews.map((view) => (
              <li key={view.owner}>
                <Link
                  to={view.owner ? `?owner=${view.owner}` : "/staff/consultations"}
                  className={`${linkClass} inline-block py-2`}
                  aria-current={owner === view.owner ? "page" : undefined}
                >
                  {view.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </PageHeading>
      <ListFilters
        search={search}
        searchLabel="Search name, email, brief or reference"
        status={status ?? undefined}
        statuses={statusOptions}
        source={source}
        exportHref={`/staff/consultations/export.csv${filters ? `?${filters}` : ""}`}
      >
        <div>
          <label htmlFor="list-sort" className="mb-1.5 block text-sm font-semibold">
            Order
          </label>
          <select id="list-sort" name="sort" defaultValue={sort} className={inputClass}>
            {Object.entries(consultationSortLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="list-owner" className="mb-1.5 block text-sm font-semibold">
            Owner
          </label>
          <select id="list-owner" name="owner" defaultValue={owner} className={inputClass}>
            <option value="">Anyone</option>
            <option value="mine">Mine</option>
            <option value="none">Unassigned</option>
            {owners.map((each) => (
              <option key={each.id} value={each.id}>
                {each.name}
              </option>
            ))}
          </select>
        </div>
      </ListFilters>
      {rows.length === 0 ? (
        <EmptyList>{filtered ? "No consultation requests match." : "No consultation requests yet."}</EmptyList>
      ) : (
        <ListTable
          caption={`${filtered ? "Matching consultation requests" : "Consultation requests"}, ${sortCaptions[sort]}: ${formatTotal(total)}`}
          columns={["Name", "Email", "Country", "Submitted", "Response", "Status", "Owner", "Source", "Files"]}
          cards
        >
          {rows.map((row) => (
            <ListRow
              key={row.id}
              cells={[
                <>
                  <Link to={`/staff/consultations/${row.id}`} className={`${linkClass} inline-block py-2`}>
                    {row.fullName}
                  </Link>
                  <UnreadMark readAt={row.readAt} />
                  <span className="block font-mono text-sm text-slate-700">{row.reference}</span>
                </>,
                <EmailLink email={row.email} />,
                row.country,
                { content: <LocalTime value={row.submittedAt} />, className: "whitespace-nowrap" },
                { content: <LeadClockText clock={row.clock} />, className: "whitespace-nowrap" },
                <StatusBadge status={row.status} labels={consultationStatusLabels} />,
                row.ownerName ?? "Unassigned",
                { content: row.source ?? NO_SOURCE_LABEL, className: "break-all" },
                row.attachments,
              ]}
            />
          ))}
        </ListTable>
      )}
      <ListPages newer={newer} older={older} filters={filters} labels={sort === "newest" ? undefined : queuePages} />
    </>
  );
}
