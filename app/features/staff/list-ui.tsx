import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { inputClass, linkClass, secondaryButtonClass } from "#app/features/staff/staff-ui.tsx";

/*
 * The pieces every staff list shares: a search-and-filter form (a plain GET
 * form, so it works without JavaScript and the address can be bookmarked),
 * page links, and times in the viewer's own time zone.
 */

export type StatusOption = { value: string; label: string };

/** Search box and status filter, then a list's own filters (`children`); `exportHref` links to the CSV of the same filters. */
export function ListFilters({
  search,
  searchLabel,
  status,
  statuses,
  statusLabel = "Status",
  exportHref,
  children,
}: {
  search: string;
  searchLabel: string;
  status?: string;
  statuses?: StatusOption[];
  /** What the select filters by, when it is not a status (e.g. the audit log's action). */
  statusLabel?: string;
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

/** "Page 2 of 7" with previous and next links that keep the filters. */
export function Pagination({ page, pages, params }: { page: number; pages: number; params: URLSearchParams }) {
  if (pages <= 1) return null;
  const hrefFor = (target: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(target));
    return `?${next}`;
  };
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center gap-4 text-sm">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={linkClass}>
          Previous page
        </Link>
      ) : null}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} className={linkClass}>
          Next page
        </Link>
      ) : null}
    </nav>
  );
}

const utcFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/**
 * A moment in the viewer's time zone. The server cannot know it, so the page
 * arrives in UTC (said so) and the browser rewrites it once scripts run.
 */
export function LocalTime({ value }: { value: string | Date }) {
  const date = typeof value === "string" ? new Date(value) : value;
  const hydrated = useHydrated();
  const text = hydrated ? new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(date) : `${utcFormat.format(date)} UTC`;
  return <time dateTime={date.toISOString()}>{text}</time>;
}

/** A table's empty state, e.g. "No consultation requests match." */
export function EmptyList({ children }: { children: string }) {
  return <p className="rounded-xl border border-dashed border-slate-400 bg-white p-6 text-slate-700">{children}</p>;
}
