import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { ATTRIBUTION_VALUE_MAX_LENGTH } from "#app/features/attribution/attribution.ts";
import { inputClass, linkClass, secondaryButtonClass } from "#app/features/staff/staff-ui.tsx";
import { ListRow, ListTable, type ListCell } from "#app/features/staff/table-ui.tsx";

/*
 * The pieces every staff list shares: a search-and-filter form (a plain GET
 * form, so it works without JavaScript and the address can be bookmarked),
 * "Newer" and "Older" page links, totals, and times in the viewer's own time zone.
 */

export type StatusOption = { value: string; label: string };

/**
 * Search box and status filter, the lead source for lists of leads (when
 * `source` is given, null for none chosen), then a list's own filters
 * (`children`); `exportHref` links to the CSV of the same filters.
 */
export function ListFilters({
  search,
  searchLabel,
  status,
  statuses,
  statusLabel = "Status",
  source,
  exportHref,
  children,
}: {
  search: string;
  searchLabel: string;
  status?: string;
  statuses?: StatusOption[];
  /** What the select filters by, when it is not a status (e.g. the audit log's action). */
  statusLabel?: string;
  source?: string | null;
  exportHref?: string;
  children?: ReactNode;
}) {
  return (
    <Form method="get" role="search" className="mb-6 flex flex-wrap items-end gap-3">
      <div className="min-w-56 flex-1">
        <label htmlFor="list-search" className="mb-1.5 block text-sm font-semibold">
          {searchLabel}
        </label>
        <input id="list-search" name="q" type="search" defaultValue={search} maxLength={100} className={inputClass} />
      </div>
      {statuses ? (
        <div>
          <label htmlFor="list-status" className="mb-1.5 block text-sm font-semibold">
            {statusLabel}
          </label>
          <select id="list-status" name="status" defaultValue={status ?? ""} className={inputClass}>
            <option value="">All</option>
            {statuses.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {source !== undefined ? (
        <div>
          <label htmlFor="list-source" className="mb-1.5 block text-sm font-semibold">
            Source
          </label>
          <input
            id="list-source"
            name="source"
            type="text"
            defaultValue={source ?? ""}
            maxLength={ATTRIBUTION_VALUE_MAX_LENGTH}
            aria-describedby="list-source-hint"
            className={inputClass}
          />
          <p id="list-source-hint" className="sr-only">
            The campaign's utm_source or the linking site, exactly; empty for all.
          </p>
        </div>
      ) : null}
      {children}
      <button type="submit" className={secondaryButtonClass}>
        Show
      </button>
      {exportHref ? (
        <a href={exportHref} className={`${linkClass} py-2`} download>
          Export these as CSV
        </a>
      ) : null}
    </Form>
  );
}

/**
 * A list's own filter by one record, for ListFilters' children: a select of
 * the records by id, "all" first, named `name` in the address.
 */
export function ListRecordFilter({
  name,
  label,
  allLabel,
  value,
  options,
}: {
  name: string;
  label: string;
  allLabel: string;
  value: number | null;
  options: { id: number; label: string }[];
}) {
  return (
    <div className="min-w-0 max-w-full">
      <label htmlFor={`list-${name}`} className="mb-1.5 block text-sm font-semibold">
        {label}
      </label>
      <select id={`list-${name}`} name={name} defaultValue={value ?? ""} className={inputClass}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * "Newer" and "Older" links beside a page (plain links that keep the search
 * and filters, so they work without JavaScript and can be bookmarked);
 * nothing when the list fits on one page. A list in another order than
 * newest first names them with `labels`.
 */
export function ListPages({
  newer,
  older,
  filters,
  labels = { newer: "Newer", older: "Older" },
}: {
  newer: string | null;
  older: string | null;
  filters: string;
  labels?: { newer: string; older: string };
}) {
  if (newer === null && older === null) return null;
  const hrefFor = (direction: "newer" | "older", cursor: string) => {
    const params = new URLSearchParams(filters);
    params.set(direction, cursor);
    return `?${params}`;
  };
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center gap-6 text-sm">
      {newer !== null ? (
        <Link to={hrefFor("newer", newer)} className={`${linkClass} inline-block py-2`}>
          {labels.newer}
        </Link>
      ) : null}
      {older !== null ? (
        <Link to={hrefFor("older", older)} className={`${linkClass} inline-block py-2`}>
          {labels.older}
        </Link>
      ) : null}
    </nav>
  );
}

type Total = { n: number; atLeast: boolean };

/** A list's total as a number: "2,345", or "1,000+" past the count's cap. */
export function formatTotal({ n, atLeast }: Total): string {
  return `${n.toLocaleString("en-GB")}${atLeast ? "+" : ""}`;
}

/** A list's total in words: "1 application", "2,345 applications", "1,000+ applications". */
export function totalText(total: Total, one: string, many: string): string {
  return `${formatTotal(total)} ${total.n === 1 && !total.atLeast ? one : many}`;
}

/** A table's empty state, e.g. "No consultation requests match." */
export function EmptyList({ children }: { children: string }) {
  return <p className="rounded-xl border border-dashed border-slate-400 bg-white p-6 text-slate-700">{children}</p>;
}

/** How many rows match the filters, e.g. "12 subscribers match." or "1,000+ subscribers match." */
function ListCount({ total, one, many }: { total: Total; one: string; many: string }) {
  const single = total.n === 1 && !total.atLeast;
  return <p className="mb-3 text-sm text-slate-700">{`${totalText(total, one, many)} ${single ? "matches" : "match"}.`}</p>;
}

/**
 * What every list shows under its filters: how many match, the table of this
 * page (or `empty` when nothing does; cards on a phone), and the "Newer" and
 * "Older" links. `row` gives a row's cells, one per column, the first naming it.
 */
export function ListResults<Row extends { id: number }>({
  list,
  filters,
  one,
  many,
  empty,
  caption,
  columns,
  row,
}: {
  list: { rows: Row[]; total: Total; newer: string | null; older: string | null };
  filters: string;
  one: string;
  many: string;
  empty: string;
  caption: string;
  columns: readonly string[];
  row: (row: Row) => readonly ListCell[];
}) {
  return (
    <>
      <ListCount total={list.total} one={one} many={many} />
      {list.rows.length === 0 ? (
        <EmptyList>{empty}</EmptyList>
      ) : (
        <ListTable caption={caption} columns={columns} cards>
          {list.rows.map((each) => (
            <ListRow key={each.id} cells={row(each)} />
          ))}
        </ListTable>
      )}
      <ListPages newer={list.newer} older={list.older} filters={filters} />
    </>
  );
}
