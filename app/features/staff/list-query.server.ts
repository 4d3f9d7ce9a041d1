import { data } from "react-router";
import { ATTRIBUTION_VALUE_MAX_LENGTH } from "#app/features/attribution/attribution.ts";
import { readQueryParameter } from "#app/features/forms/query-params.ts";
import { parseRecordId } from "#app/platform/db/schema.server.ts";

/** Rows on one page of a staff list. */
export const LIST_PAGE_SIZE = 25;

/**
 * Where a page of a list starts (decision 035): after the row with this time
 * and id, going older, or before it, going newer. `at` is the row's time in
 * whole microseconds since 1970 (PostgreSQL keeps microseconds; a JavaScript
 * date would lose them and skip or repeat rows that share a millisecond).
 * `group` is the row's part of a list ordered in two parts first (see ListOrder).
 */
export type ListCursor = { direction: "older" | "newer"; at: string; id: number; group?: boolean };

export type ListQuery<Status extends string> = {
  search: string;
  status: Status | null;
  /** The lead source to show only (decision 037), in lower case as records keep it; lists of leads filter by it, others ignore it. */
  source: string | null;
  cursor: ListCursor | null;
  /** The search and filters as they go into the list's links (no page); a list adds its own filters. */
  filters: URLSearchParams;
  params: URLSearchParams;
};

/** A cursor in an address: `<microseconds>-<id>`, or `<0|1>.<microseconds>-<id>` in a list of two parts, as `cursorOf` selects it. */
const CURSOR = /^(?:([01])\.)?(\d{1,17})-([1-9]\d{0,15})$/;

/**
 * A list's search, status filter and page from the address; anything that
 * cannot be one answers 400 with a sentence, never a database error.
 */
export function readListQuery<Status extends string>(request: Request, statuses: readonly Status[] = []): ListQuery<Status> {
  const params = new URL(request.url).searchParams;
  const search = (readQueryParameter(params, { name: "q", label: "search", maxLength: 100 }) ?? "").trim();
  const rawStatus = params.get("status") ?? "";
  const status = statuses.find((known) => known === rawStatus) ?? null;
  if (rawStatus !== "" && status === null) throw data(`There is no status called "${rawStatus.slice(0, 40)}".`, { status: 400 });
  const source = (readQueryParameter(params, { name: "source", label: "source", maxLength: ATTRIBUTION_VALUE_MAX_LENGTH }) ?? "").trim().toLowerCase() || null;
  const filters = new URLSearchParams();
  if (search) filters.set("q", search);
  if (status) filters.set("status", status);
  if (source) filters.set("source", source);
  return { search, status, source, cursor: readCursor(params), filters, params };
}

/**
 * A list's own filter by one record (applications by job, registrations by
 * event): its id from the address, kept in the list's links, or null when none
 * is chosen. Anything that cannot be an id answers 400 with `refusal`.
 */
export function readRecordFilter(query: Pick<ListQuery<string>, "params" | "filters">, name: string, refusal: string): number | null {
  const raw = query.params.get(name) ?? "";
  if (raw === "") return null;
  const id = parseRecordId(raw);
  if (id === null) throw data(refusal, { status: 400 });
  query.filters.set(name, String(id));
  return id;
}

function readCursor(params: URLSearchParams): ListCursor | null {
  const older = params.get("older");
  const newer = params.get("newer");
  if (older === null && newer === null) return null;
  const match = older !== null && newer !== null ? null : CURSOR.exec(older ?? newer ?? "");
  const id = match ? Number(match[3]) : NaN;
  if (!match || !Number.isSafeInteger(id)) {
    throw data("This page link of the list is damaged. Open the list again from the navigation.", { status: 400 });
  }
  const cursor: ListCursor = { direction: older !== null ? "older" : "newer", at: match[2]!, id };
  return match[1] === undefined ? cursor : { ...cursor, group: match[1] === "1" };
}

/** A search term for ILIKE, with its wildcards taken literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
