import { createContext, use, type ReactNode } from "react";

/** The column names of the table a row is drawn in, so each cell can carry its own on a phone. */
const ColumnsContext = createContext<readonly string[]>([]);

/**
 * A staff list's table: a caption that says what it holds and column headers
 * with their scope. With `cards`, its rows (drawn with ListRow) become cards
 * on a narrow screen, by CSS alone (`.list-cards` in app.css), so the same
 * markup serves a phone without JavaScript; otherwise the table scrolls
 * sideways there instead of widening the page.
 */
export function ListTable({ caption, columns, cards, children }: { caption: string; columns: readonly string[]; cards?: boolean; children: ReactNode }) {
  return (
    // Focusable so keyboard users can scroll it sideways; named by its caption. Relative, so the
    // screen-reader-only words in its cells scroll with it instead of widening the page.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="relative overflow-x-auto rounded-xl border border-slate-300 bg-white" tabIndex={0} role="region" aria-label={caption}>
      <table className={`min-w-full text-left text-sm${cards ? " list-cards" : ""}`}>
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
        <tbody className="divide-y divide-slate-200">
          <ColumnsContext value={columns}>{children}</ColumnsContext>
        </tbody>
      </table>
    </div>
  );
}

export const cellClass = "px-4 py-2 align-top";

/** A cell of a ListRow: what it shows, and its own classes beside the cell's padding (e.g. `whitespace-nowrap`). */
export type ListCell = ReactNode | { content: ReactNode; className: string };

const isStyled = (cell: ListCell): cell is { content: ReactNode; className: string } =>
  typeof cell === "object" && cell !== null && "className" in cell && "content" in cell;

/**
 * One row of a ListTable, a cell per column. The first names the row (its
 * header, and its card's title on a phone); each other cell carries its
 * column's name, which a card shows before the value.
 */
export function ListRow({ cells }: { cells: readonly ListCell[] }) {
  const columns = use(ColumnsContext);
  return (
    <tr>
      {cells.map((cell, index) => {
        const content = isStyled(cell) ? cell.content : cell;
        const className = `${cellClass}${isStyled(cell) ? ` ${cell.className}` : ""}`;
        return index === 0 ? (
          <th key={index} scope="row" className={`${className} font-normal`}>
            {content}
          </th>
        ) : (
          <td key={index} className={className} data-label={columns[index]}>
            {content}
          </td>
        );
      })}
    </tr>
  );
}
