import { data } from "react-router";
import { readQueryParameter } from "#app/features/forms/query-params.ts";

/** Rows on one page of a staff list. */
export const LIST_PAGE_SIZE = 25;
const MAX_PAGE = 10_000;

export type ListQuery<Status extends string> = { search: string; status: Status | null; page: number; params: URLSearchParams };

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
  const rawPage = params.get("page") ?? "1";
  const page = /^[1-9][0-9]{0,4}$/.test(rawPage) ? Math.min(Number(rawPage), MAX_PAGE) : NaN;
  if (Number.isNaN(page)) throw data("The page number must be a whole number from 1.", { status: 400 });
  return { search, status, page, params };
}

/** The page count for `total` rows (at least 1, so "Page 1 of 1" reads well). */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
}

/** A search term for ILIKE, with its wildcards taken literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
