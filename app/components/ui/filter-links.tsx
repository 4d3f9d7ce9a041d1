import { Link } from "react-router";

export type FilterLink = { label: string; count: number; href: string; active: boolean };

/**
 * Filters as links (each view has its own address and works without
 * JavaScript), the current one marked for assistive technology and by more
 * than colour. Choosing one keeps the scroll position: the list is below.
 * A page loaded whole (an islands page, or without JavaScript) cannot keep
 * it: with `anchor`, the id of the list's heading, each link leads there, so
 * the chosen view opens at its list rather than at the top of the page.
 */
export function FilterLinks({ label, filters, anchor, className = "" }: { label: string; filters: FilterLink[]; anchor?: string; className?: string }) {
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex flex-wrap gap-2">
        {filters.map((filter) => (
          <li key={filter.href}>
            <Link
              to={anchor ? `${filter.href}#${anchor}` : filter.href}
              preventScrollReset
              aria-current={filter.active ? "page" : undefined}
              className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-semibold ${
                filter.active ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 text-slate-800 hover:border-brand-600"
              }`}
            >
              {filter.label} <span className={filter.active ? "text-brand-100" : "text-slate-600"}>({filter.count})</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
