import { MAX_PATH_LENGTH } from "#app/features/vitals/vitals-rules.ts";
import { publicPaths } from "#app/features/seo/sitemap.ts";

/*
 * Which page a beacon is about. Only the site's public pages are stored, and
 * a job's, an insight's, an event edition's or a case study's page under its route pattern (`/careers/:id`), so a
 * client making up paths cannot fill the table with pages of its own, and the
 * few samples each job gets add up to one row worth reading.
 */

/** Public pages that are not in the sitemap: the application form (its position travels in the query). */
const unlistedPages = ["/careers/registration"];

/** The job alerts' form answer, shaped like a job's address but not one (its slug is reserved), and not measured. */
const notDetailPages = new Set(["/careers/alerts"]);

const detailPages: readonly { pattern: RegExp; page: string }[] = [
  // A job's or an insight's page answers at its number or its address (decision 060).
  { pattern: /^\/careers\/[a-z0-9]+(-[a-z0-9]+)*$/, page: "/careers/:id" },
  { pattern: /^\/featured-insights\/[a-z0-9]+(-[a-z0-9]+)*$/, page: "/featured-insights/:id" },
  // An event edition's own page, by its address's shape (decision 058).
  { pattern: /^\/events\/[a-z0-9]+(-[a-z0-9]+)*$/, page: "/events/:slug" },
  // A case study's page, by its address's shape: editors add and rename them (decision 063).
  { pattern: /^\/portfolio\/[a-z0-9]+(-[a-z0-9]+)*$/, page: "/portfolio/:slug" },
];

let staticPages: Set<string> | undefined;

/** The page a path belongs to, or null when it is not one of the site's public pages. */
export function pageOf(path: string): string | null {
  if (path.length > MAX_PATH_LENGTH || !path.startsWith("/") || path.startsWith("//")) return null;
  // The router matches paths without regard to case or a trailing slash.
  const normalised = path.length > 1 ? path.replace(/\/$/, "").toLowerCase() : path;
  staticPages ??= new Set([...publicPaths(), ...unlistedPages]);
  if (staticPages.has(normalised)) return normalised;
  if (notDetailPages.has(normalised)) return null;
  return detailPages.find(({ pattern }) => pattern.test(normalised))?.page ?? null;
}
