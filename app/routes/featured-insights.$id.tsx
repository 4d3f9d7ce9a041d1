import { data, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/featured-insights.$id";
import { JsonLd } from "#app/components/ui/json-ld.tsx";
import { articleJsonLd } from "#app/features/insights/article-json-ld.ts";
import { INSIGHT_LOAD_FAILED, InsightArticle, InsightLoadError, InsightNotFound } from "#app/features/insights/insight-article.tsx";
import { isIllustration } from "#app/features/insights/insight.ts";
import { toInsightDetail } from "#app/features/insights/insight.server.ts";
import { getInsight } from "#app/features/insights/insights.server.ts";
import { ISLANDS_PAGE } from "#app/islands/island-registry.ts";
import { atOwnAddress, readPublishedRecord, publishedPageHeaders } from "#app/features/published-detail.server.ts";
import { pageMeta, siteUrlFrom } from "#app/features/seo/meta.ts";
import { seoTitle, shortDescription } from "#app/features/seo/seo-fields.ts";

export async function loader(args: Route.LoaderArgs) {
  const found = await readPublishedRecord(args, { kind: "insight", read: getInsight, loadFailed: INSIGHT_LOAD_FAILED });
  if (!found) throw data({ message: "Insight not found" }, { status: 404 });
  const insight = toInsightDetail(found.row, found.services.env.SITE_URL);
  atOwnAddress(args.request, insight.href);
  // The social image the editor chose, else the insight's own picture (an upload or a full URL); an illustration is no better than the site's card.
  const shareImage = insight.socialImage ?? (isIllustration(insight.image) ? undefined : insight.image);
  return { insight, shareImage, jsonLd: articleJsonLd(insight, found.services.env.SITE_URL) };
}

// The article is text, links and pictures, with no client part of its own: drawn as islands (decision 078).
export const handle = ISLANDS_PAGE;

export const headers = publishedPageHeaders;

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
    title: seoTitle(insight, insight.title),
    description: insight.metaDescription ?? shortDescription(insight.summary),
    path: insight.href,
    siteUrl,
    image: loaderData.shareImage,
    type: "article",
    noindex: insight.noindex,
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
