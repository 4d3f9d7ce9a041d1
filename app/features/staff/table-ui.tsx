import type { ReactNode } from "react";

/**
 * A staff list's table: a caption that says what it holds, column headers
 * with their scope, and sideways scrolling on a narrow screen instead of a
 * page wider than the phone.
 */
export function ListTable({ caption, columns, children }: { caption: string; columns: readonly string[]; children: ReactNode }) {
  return (
    // Focusable so keyboard users can scroll it sideways; named by its caption. Relative, so the
    // screen-reader-only words in its cells scroll with it instead of widening the page.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="relative overflow-x-auto rounded-xl border border-slate-300 bg-white" tabIndex={0} role="region" aria-label={caption}>
      <table className="min-w-full text-left text-sm">
        <caption className="px-4 py-3 text-left font-semibold text-ink">{caption}</caption>
        <thead className="border-y border-slate-300 bg-slate-100">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-2 font-semibold whitespace-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  );
}

export const cellClass = "px-4 py-2 align-top";
