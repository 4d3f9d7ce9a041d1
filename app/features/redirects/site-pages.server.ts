import { CASE_STUDIES_PATH } from "#app/content/case-studies.ts";
import { contentPages } from "#app/content/pages/index.ts";
import { getJob } from "#app/features/careers/jobs.server.ts";
import { findEvent } from "#app/features/events/events.server.ts";
import { caseStudyWithSlug } from "#app/features/case-studies/case-studies.server.ts";
import { getInsight } from "#app/features/insights/insights.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";

/*
 * Whether the site answers an address itself, so a redirect from it would
 * never be asked (a redirect is consulted only before a 404, decision 055).
 * The fixed addresses mirror app/routes.ts; redirect-rules.test.ts walks that
 * file and public/ so a new route or file cannot slip past this list.
 */

/** Addresses under which everything belongs to the site: the staff area, images, built and public files, applicants' links, newsletter counting. */
export const reservedPrefixes = [
  "/staff",
  "/media",
  "/assets",
  "/art",
  "/images",
  "/applications/status",
  "/applications/keep",
  "/webhooks",
  "/newsletter/open",
  "/newsletter/click",
] as const;

/** Every address a fixed route or a public file answers (in redirect-key form: lowercase, no trailing slash). */
export const fixedPages: ReadonlySet<string> = new Set([
  "/",
  ...contentPages.map((page) => page.path),
  "/contact-us",
  "/portfolio",
  "/kraf-think-2025",
  "/kraf-think-2025/calendar.ics",
  "/careers",
  "/careers/registration",
  "/careers/alerts",
  "/careers/alerts/confirm",
  "/careers/alerts/unsubscribe",
  "/featured-insights",
  "/featured-insights/rss.xml",
  "/newsletter",
  "/newsletter/confirm",
  "/newsletter/unsubscribe",
  "/consultation",
  "/banner",
  "/vitals",
  "/robots.txt",
  "/sitemap.xml",
  "/favicon.png",
  "/logo.png",
  "/og-image.jpg",
]);

const underPrefix = (key: string, prefix: string) => key === prefix || key.startsWith(`${prefix}/`);

/** A sentence saying why `key` (a redirect key) is a page of the site, or null when the site answers it 404 today. */
export async function pageAt(db: Database, key: string): Promise<string | null> {
  if (fixedPages.has(key)) return `${key} is a page of the site.`;
  const prefix = reservedPrefixes.find((reserved) => underPrefix(key, reserved));
  if (prefix) return `Addresses under ${prefix} belong to the site and cannot be redirected.`;
  // React Router reads a path ending in .data as the page's data.
  if (key.endsWith(".data")) return "A path ending in .data is the site's own page data.";
  const [, section, item, ...rest] = key.split("/");
  if (item === undefined || rest.length > 0) return null;
  if (`/${section}` === CASE_STUDIES_PATH && (await caseStudyWithSlug(db, item))?.status === "published") return `${key} is a case study's page.`;
  if (section === "events" && (await findEvent(db, item))) return `${key} is an event edition's page.`;
  // A job or an insight answers at its number and at its slug.
  if (section === "careers") {
    const job = await getJob(db, item);
    // A closed job's page stays (410); only a draft is not shown.
    if (job && job.status !== "draft") return `${key} is a job's page.`;
  }
  if (section === "featured-insights" && (await getInsight(db, item))) return `${key} is a published insight's page.`;
  return null;
}
