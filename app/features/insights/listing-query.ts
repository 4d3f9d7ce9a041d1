import { readQueryParameter, type QueryParameter } from "#app/features/forms/query-params.ts";
import { INSIGHTS_PATH } from "#app/features/insights/insight.ts";

/** What the listing shows, read from its query string so every view has its own address. */
export type ListingQuery = { category: string | null; page: number };

// A category is a short name; a page number has at most six digits, and a little more room
// keeps a mangled one meaning the first page. Beyond these, or with a control character, 400.
const CATEGORY: QueryParameter = { name: "category", label: "insight category", maxLength: 200 };
const PAGE: QueryParameter = { name: "page", label: "page number", maxLength: 20 };

/** A page number that is not a positive integer means the first page, not an error. */
export function parseListingQuery(search: URLSearchParams): ListingQuery {
  const category = readQueryParameter(search, CATEGORY)?.trim() || null;
  const rawPage = readQueryParameter(search, PAGE) ?? "";
  const page = /^[1-9][0-9]{0,5}$/.test(rawPage) ? Number(rawPage) : 1;
  return { category, page };
}

/** The listing's address for a view; "All" and page 1 leave their parameter out, so each view has one URL. */
export function listingHref({ category, page }: ListingQuery): string {
  const search = new URLSearchParams();
  if (category) search.set("category", category);
  if (page > 1) search.set("page", String(page));
  const query = search.toString();
  return query ? `${INSIGHTS_PATH}?${query}` : INSIGHTS_PATH;
}

export function countLabel(count: number): string {
  return `${count} ${count === 1 ? "insight" : "insights"}`;
}
