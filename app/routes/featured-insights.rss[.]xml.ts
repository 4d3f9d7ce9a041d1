import type { Route } from "./+types/featured-insights.rss[.]xml";
import { toInsightDetail } from "#app/features/insights/insight.server.ts";
import { latestInsights } from "#app/features/insights/insights.server.ts";
import { rssXml } from "#app/features/insights/rss.ts";
import { PUBLISHED_CONTENT, sharedCacheControl } from "#app/platform/page-cache.ts";
import { servicesOf } from "#app/services-context.server.ts";

/** Readers poll feeds often; this many recent items is what they need. */
const FEED_SIZE = 20;

export async function loader({ context }: Route.LoaderArgs) {
  const { db, env } = await servicesOf(context);
  const rows = await latestInsights(db, FEED_SIZE);
  const xml = rssXml(
    env.SITE_URL,
    rows.map((row) => {
      const insight = toInsightDetail(row, env.SITE_URL);
      return {
        title: insight.title,
        path: insight.href,
        published: new Date(insight.dateTime),
        description: insight.summary,
        category: insight.category,
      };
    }),
  );
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": sharedCacheControl(PUBLISHED_CONTENT) },
  });
}
