import { and, asc, count, desc, eq, inArray, sql, sum, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { RouterContextProvider } from "react-router";
import { LIST_PAGE_SIZE, readListQuery, type ListCursor, type ListQuery } from "#app/features/staff/list-query.server.ts";
import type { StaffArea } from "#app/features/staff/roles.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { rowsOf, type Database } from "#app/platform/db/client.server.ts";
import { listCounts } from "#app/platform/db/schema.server.ts";
import type { PeriodicTask } from "#app/platform/services.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

/*
 * The one keyset list core every staff list reads its pages through
 * (decision 035). A page is the rows after (older) or before (newer) a
 * cursor, found by the list's (time, id) index however deep it is; no page
 * counts the rows above it. Totals come from list_counts, kept by triggers,
 * or are counted only up to COUNT_CAP.
 */

/** Beyond this many matches a list says "1,000+" instead of counting on. */
export const COUNT_CAP = 1000;

/** How many rows a list holds: exactly, or `atLeast` when there are more than COUNT_CAP. */
export type ListTotal = { n: number; atLeast: boolean };

/** One page of a staff list; `newer` and `older` are the cursors of the pages beside it, null at either end. */
export type ListPage<Row> = { rows: Row[]; total: ListTotal; newer: string | null; older: string | null };

/**
 * A list route's loader: the role checked on the server, the search, status
 * and page read from the address, and what `read` answers for them.
 */
export async function loadStaffList<Status extends string, List>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  area: StaffArea,
  statuses: readonly Status[],
  read: (db: Database, query: ListQuery<Status>) => Promise<List>,
) {
  requireStaff(context, request, area);
  const query = readListQuery(request, statuses);
  const { db } = await servicesOf(context);
  return { list: await read(db, query), search: query.search, status: query.status, source: query.source, filters: query.filters.toString() };
}

/**
 * The columns a list is ordered by, newest first: its time, then its id for
 * rows of the same time. A queue reads `earliestFirst` instead, and may put
 * the rows where `after` is true after all the others (answered leads after
 * waiting ones); its index leads with that expression.
 */
export type ListOrder = { time: AnyPgColumn; id: AnyPgColumn; earliestFirst?: { after?: SQL<boolean> } };

function keysOf(order: ListOrder): SQL[] {
  const after = order.earliestFirst?.after;
  return [...(after ? [after] : []), sql`${order.time}`, sql`${order.id}`];
}

/** A row's cursor, selected with the row: its time in microseconds since 1970, then its id (after its part, in a list of two parts). */
export function cursorOf(order: ListOrder): SQL<string> {
  const cursor = sql`(extract(epoch from ${order.time}) * 1000000)::bigint || '-' || ${order.id}`;
  const after = order.earliestFirst?.after;
  return after ? sql<string>`(case when ${after} then '1.' else '0.' end) || ${cursor}` : sql<string>`${cursor}`;
}

/** What a list's query is given: the keyset condition, the order and how many rows to read. */
export type PageSlice = { keyset: SQL | undefined; orderBy: SQL[]; limit: number };

/**
 * Reads one page: the rows past the cursor in the list's order, one more than
 * a page to tell whether another follows, and the total beside them.
 */
export async function readListPage<Row extends { cursor: string }>(
  order: ListOrder,
  cursor: ListCursor | null,
  readRows: (slice: PageSlice) => Promise<Row[]>,
  countRows: () => Promise<ListTotal>,
): Promise<ListPage<Row>> {
  const [page, total] = await Promise.all([readSlice(order, cursor, readRows), countRows()]);
  return { ...page, total };
}

async function readSlice<Row extends { cursor: string }>(
  order: ListOrder,
  cursor: ListCursor | null,
  readRows: (slice: PageSlice) => Promise<Row[]>,
): Promise<Omit<ListPage<Row>, "total">> {
  const keys = keysOf(order);
  // "Down" the list is older rows, or in a queue later ones.
  const [down, up] = order.earliestFirst ? [asc, desc] : [desc, asc];
  const topFirst = keys.map((key) => down(key));
  const limit = LIST_PAGE_SIZE + 1;
  if (cursor === null) return topPage(await readRows({ keyset: undefined, orderBy: topFirst, limit }));
  const time = sql`timestamptz 'epoch' + ${cursor.at}::bigint * interval '1 microsecond'`;
  const at = order.earliestFirst?.after ? sql`(${cursor.group ?? false}::boolean, ${time}, ${cursor.id}::bigint)` : sql`(${time}, ${cursor.id}::bigint)`;
  const position = sql`(${sql.join(keys, sql`, `)})`;
  const [below, above] = order.earliestFirst ? [sql`${position} > ${at}`, sql`${position} < ${at}`] : [sql`${position} < ${at}`, sql`${position} > ${at}`];
  if (cursor.direction === "older") {
    const rows = await readRows({ keyset: below, orderBy: topFirst, limit });
    const page = rows.slice(0, LIST_PAGE_SIZE);
    // Reached by "Older", so the row at the cursor (or what took its place) is above it still.
    return { rows: page, newer: page[0]?.cursor ?? cursorText(cursor), older: rows.length > LIST_PAGE_SIZE ? page.at(-1)!.cursor : null };
  }
  const rows = await readRows({ keyset: above, orderBy: keys.map((key) => up(key)), limit });
  // Fewer rows above than a page: that is the top page, shown whole from the top.
  if (rows.length <= LIST_PAGE_SIZE) return topPage(await readRows({ keyset: undefined, orderBy: topFirst, limit }));
  const page = rows.slice(0, LIST_PAGE_SIZE).reverse();
  return { rows: page, newer: page[0]!.cursor, older: page.at(-1)!.cursor };
}

function topPage<Row extends { cursor: string }>(rows: Row[]): Omit<ListPage<Row>, "total"> {
  const page = rows.slice(0, LIST_PAGE_SIZE);
  return { rows: page, newer: null, older: rows.length > LIST_PAGE_SIZE ? page.at(-1)!.cursor : null };
}

function cursorText(cursor: ListCursor): string {
  return `${cursor.group === undefined ? "" : cursor.group ? "1." : "0."}${cursor.at}-${cursor.id}`;
}

/**
 * How many rows of `table` match `where`, counted only up to COUNT_CAP: a
 * search that matches half a million rows stops counting at the cap.
 */
export async function countUpTo(db: Database, table: PgTable, where: SQL | undefined): Promise<ListTotal> {
  const matches = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as("matches");
  const [row] = await db.select({ n: count() }).from(matches);
  const n = row?.n ?? 0;
  return n > COUNT_CAP ? { n: COUNT_CAP, atLeast: true } : { n, atLeast: false };
}

/** The exact count that list_counts keeps for a list, of some statuses (all when none are named) and one group (all when none is). */
export async function countedRows(db: Database, list: string, filter: { statuses?: readonly string[]; groupId?: number } = {}): Promise<number> {
  const [row] = await db
    .select({ n: sum(listCounts.n).mapWith(Number) })
    .from(listCounts)
    .where(
      and(
        eq(listCounts.list, list),
        filter.statuses ? inArray(listCounts.status, [...filter.statuses]) : undefined,
        filter.groupId === undefined ? undefined : eq(listCounts.groupId, filter.groupId),
      ),
    );
  return row?.n ?? 0;
}

/** Rows one fold takes in a transaction: a few milliseconds of work. */
const FOLD_BATCH = 5_000;
/** Folds one run may make before it lets the next run go on. */
const FOLDS_PER_RUN = 20;

/**
 * Sums each count's rows into one (decision 082): the triggers add a row for
 * every statement that changes a counted table, so a campaign going out adds
 * hundreds a second. Answers the rows folded.
 */
export async function foldListCounts(db: Database): Promise<number> {
  let total = 0;
  for (let fold = 0; fold < FOLDS_PER_RUN; fold++) {
    const [row] = rowsOf<{ folded: number }>(await db.execute(sql`select fold_list_counts(${FOLD_BATCH}) as folded`));
    const folded = Number(row?.folded ?? 0);
    total += folded;
    if (folded < FOLD_BATCH) break;
  }
  return total;
}

export const foldListCountsPeriodically: PeriodicTask = { name: "fold list counts", intervalMs: 5_000, run: ({ db }) => foldListCounts(db) };

/** An exact count as a list's total. */
export function exactly(n: number): ListTotal {
  return { n, atLeast: false };
}
