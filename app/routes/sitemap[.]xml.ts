import type { Route } from "./+types/sitemap[.]xml";
import { caseStudyHref } from "#app/content/case-studies.ts";
import { publishedCaseStudies } from "#app/features/case-studies/case-studies.server.ts";
import { jobPath, openJobs } from "#app/features/careers/jobs.server.ts";
import { eventPagePath } from "#app/features/events/event-paths.ts";
import { publishedEditions } from "#app/features/events/events.server.ts";
import { insightPath } from "#app/features/insights/insight.ts";
import { publishedInsightDates } from "#app/features/insights/insights.server.ts";
import { publicPaths, sitemapXml, type SitemapEntry } from "#app/features/seo/sitemap.ts";
import { logger } from "#app/platform/logger.server.ts";
import { PUBLISHED_CONTENT, sharedCacheControl } from "#app/platform/page-cache.ts";
import { servicesOf } from "#app/services-context.server.ts";

/** Every public page, the open jobs, the published insights, case studies and event editions, with their last change. */
export async function loader({ context }: Route.LoaderArgs) {
  const services = await servicesOf(context);
  const entries: SitemapEntry[] = publicPaths().map((path) => ({ path }));
  try {
    // A closed or expired job is not open, so it leaves the sitemap; so does one an editor hid from search engines.
    for (const job of await openJobs(services.db)) {
      if (!job.noindex) entries.push({ path: jobPath(job), lastModified: job.updatedAt ?? job.createdAt });
    }
    for (const insight of await publishedInsightDates(services.db)) {
      entries.push({ path: insightPath(insight), lastModified: insight.lastModified });
    }
    for (const study of await publishedCaseStudies(services)) {
      if (!study.noindex) entries.push({ path: caseStudyHref(study) });
    }
    for (const edition of await publishedEditions(services.db)) {
      entries.push({ path: eventPagePath(edition.slug), lastModified: edition.updatedAt });
    }
  } catch (error) {
    // The static pages are still worth listing; crawlers come back.
    logger.error({ err: error }, "Sitemap could not read jobs, insights, case studies or event editions");
  }
  return new Response(sitemapXml(services.env.SITE_URL, entries), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": sharedCacheControl(PUBLISHED_CONTENT) },
  });
}
