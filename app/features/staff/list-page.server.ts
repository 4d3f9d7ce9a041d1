import { LIST_PAGE_SIZE, pageCount } from "#app/features/staff/list-query.server.ts";

/** One page of a staff list, with what the page links need. */
export type ListPage<Row> = { rows: Row[]; total: number; page: number; pages: number };

/** Reads the rows of `page` and the count of all that match, side by side. */
export async function readListPage<Row>(
  page: number,
  readRows: (limit: number, offset: number) => Promise<Row[]>,
  countRows: () => Promise<{ n: number }[]>,
): Promise<ListPage<Row>> {
  const [rows, [counted]] = await Promise.all([readRows(LIST_PAGE_SIZE, (page - 1) * LIST_PAGE_SIZE), countRows()]);
  const total = counted?.n ?? 0;
  return { rows, total, page, pages: pageCount(total) };
}
