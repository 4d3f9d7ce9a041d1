import type { ListCell } from "#app/features/staff/table-ui.tsx";
import { Link } from "react-router";
import { StatusBadge } from "#app/features/staff/inbox-ui.tsx";
import { ListFilters, ListResults } from "#app/features/staff/list-ui.tsx";
import { LocalTime } from "#app/features/staff/staff-time.tsx";
import { PageHeading, buttonClass, linkClass } from "#app/features/staff/staff-ui.tsx";

type ContentRow = { id: number; title: string; status: string; changedAt: Date | string; scheduledAt?: Date | string | null };

/**
 * The list screen of published content (jobs, insights): what publishing
 * does, a button for a new one, search and status filter, then the rows,
 * most recently changed first, each titled with a link to its editor,
 * `cells` between the title and the status (with the time a schedule
 * publishes it, if one does), and the last change at the end.
 */
export function ContentList<Row extends ContentRow>({
  loaderData,
  title,
  intro,
  newLabel,
  path,
  one,
  many,
  searchLabel,
  statusLabels,
  columns,
  cells,
  after,
}: {
  loaderData: {
    list: { rows: Row[]; total: { n: number; atLeast: boolean }; newer: string | null; older: string | null };
    search: string;
    status: string | null;
    filters: string;
  };
  title: string;
  intro: string;
  newLabel: string;
  /** The area's address, e.g. "/staff/jobs". */
  path: string;
  one: string;
  many: string;
  searchLabel: string;
  statusLabels: Record<string, string>;
  /** The headers of `cells`, then of `after`. */
  columns: { cells: readonly string[]; after: readonly string[] };
  cells: (row: Row) => readonly ListCell[];
  after: (row: Row) => readonly ListCell[];
}) {
  const { list, search, status, filters } = loaderData;
  return (
    <>
      <PageHeading title={title}>
        <p>{intro}</p>
        <p className="mt-4">
          <Link to={`${path}/new`} className={buttonClass}>
            {newLabel}
          </Link>
        </p>
      </PageHeading>
      <ListFilters
        search={search}
        searchLabel={searchLabel}
        status={status ?? ""}
        statuses={Object.entries(statusLabels).map(([value, label]) => ({ value, label }))}
      />
      <ListResults
        list={list}
        filters={filters}
        one={one}
        many={many}
        empty={`No ${many} match.`}
        caption={`${title}, most recently changed first`}
        columns={["Title", ...columns.cells, "Status", ...columns.after, "Last change"]}
        row={(row) => [
          <Link to={`${path}/${row.id}`} className={`${linkClass} inline-block py-2`}>
            {row.title || "Untitled"}
          </Link>,
          ...cells(row),
          <>
            <StatusBadge status={row.status} labels={statusLabels} />
            {row.scheduledAt ? (
              <span className="mt-1 block text-sm">
                Scheduled for <LocalTime value={row.scheduledAt} />
              </span>
            ) : null}
          </>,
          ...after(row),
          <LocalTime value={row.changedAt} />,
        ]}
      />
    </>
  );
}
