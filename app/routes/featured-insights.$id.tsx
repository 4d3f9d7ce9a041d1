import { data, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/featured-insights.$id";
import { JsonLd } from "#app/components/ui/json-ld.tsx";
import { articleJsonLd } from "#app/features/insights/article-json-ld.ts";
import { INSIGHT_LOAD_FAILED, InsightArticle, InsightLoadError, InsightNotFound } from "#app/features/insights/insight-article.tsx";
import { isIllustration } from "#app/features/insights/insight.ts";
import { toInsightDetail } from "#app/features/insights/insight.server.ts";
import { getInsight } from "#app/features/insights/insights.server.ts";
import { pageMeta, siteUrlFrom } from "#app/features/seo/meta.ts";
import { parseRecordId } from "#app/platform/db/schema.server.ts";
import { logger } from "#app/platform/logger.server.ts";
import { cachePageFor, PUBLISHED_CONTENT } from "#app/platform/page-cache.ts";
import { servicesOf } from "#app/services-context.server.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseRecordId(params.id);
  if (id === null) throw data({ message: "Insight not found" }, { status: 404 });
  const { db, env, content } = await servicesOf(context);
  let row;
  try {
    row = await content.read(`insight:${id}`, () => getInsight(db, id));
  } catch (error) {
    // The visitor gets a message of ours; the database's own words stay in the log.
    logger.error({ err: error, insightId: id }, "loading an insight failed");
    throw data({ message: INSIGHT_LOAD_FAILED }, { status: 503 });
  }
  if (!row) throw data({ message: "Insight not found" }, { status: 404 });
  const insight = toInsightDetail(row);
  // The insight's own picture (an upload or a full URL) for link previews; an illustration is no better than the site's card.
  const shareImage = isIllustration(insight.image) ? undefined : insight.image;
  return { insight, shareImage, jsonLd: articleJsonLd(insight, env.SITE_URL) };
}

// Publishing and editing empty the page cache at once (decision 011).
// Error answers are never stored (the server caches only 200s; nothing asked for here either).
const cacheable = cachePageFor(300, PUBLISHED_CONTENT);
export const headers: Route.HeadersFunction = ({ errorHeaders }) => (errorHeaders ? {} : cacheable());

export const meta: Route.MetaFunction = ({ loaderData, location, matches, error }) => {
  const siteUrl = siteUrlFrom(matches);
  if (!loaderData) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return pageMeta({
      title: notFound ? "Insight not found" : INSIGHT_LOAD_FAILED,
      description: notFound ? "The requested insight could not be found." : INSIGHT_LOAD_FAILED,
      path: location.pathname,
      siteUrl,
      noindex: true,
    });
  }
  const { insight } = loaderData;
  return pageMeta({
    title: insight.title,
    description: insight.summary.length > 155 ? `${insight.summary.slice(0, 154).trimEnd()}…` : insight.summary,
    path: insight.href,
    siteUrl,
    image: loaderData.shareImage,
    type: "article",
  });
};

export default function InsightDetailPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <JsonLd data={loaderData.jsonLd} />
      <InsightArticle insight={loaderData.insight} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <InsightNotFound />;
  // Only our own messages are shown: a route error response carries one from the loader.
  const message = isRouteErrorResponse(error) ? messageOf(error.data) : undefined;
  return <InsightLoadError message={message} />;
}

function messageOf(body: unknown): string | undefined {
  if (typeof body === "object" && body !== null && "message" in body && typeof body.message === "string") return body.message;
  return undefined;
}
